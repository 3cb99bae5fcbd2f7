import type { Bookmarks } from '../../shared/bookmarks';
import { formatDateTime } from '../shared-ui/format';

/**
 * The manager's bookmarks as a since select's options, the same wherever a screen reads since
 * one: my last look, last Monday 9:00, the named bookmarks, and a named bookmark the choice still
 * names but that is gone (so the choice on screen is always the one read). Each select adds the
 * options of its own around them.
 */
export function BookmarkOptions({
  bookmarks,
  value,
  lastLookValue,
  lastLookNeedsMark = false,
}: {
  bookmarks: Bookmarks | undefined;
  /** The select's value: `bookmark:<id>` names a named bookmark. */
  value: string;
  /** What "my last look" is in this select. */
  lastLookValue: string;
  /** Unmarked, "my last look" cannot be chosen (where nothing stands in for it). */
  lastLookNeedsMark?: boolean;
}) {
  const lastLook = bookmarks?.lastLook;
  const named = bookmarks?.named ?? [];
  const removed =
    value.startsWith('bookmark:') && bookmarks !== undefined && !named.some((b) => `bookmark:${b.id}` === value);
  return (
    <>
      <option value={lastLookValue} disabled={lastLookNeedsMark && !lastLook}>
        My last look
        {lastLook ? ` (${formatDateTime(lastLook.at)})` : lastLookNeedsMark ? ' (not marked yet)' : ''}
      </option>
      <option value="monday">Last Monday 9:00</option>
      {(named.length > 0 || removed) && (
        <optgroup label="Bookmarks">
          {named.map((bookmark) => (
            <option key={bookmark.id} value={`bookmark:${bookmark.id}`}>
              {bookmark.name} ({formatDateTime(bookmark.at)})
            </option>
          ))}
          {removed && <option value={value}>A bookmark since removed</option>}
        </optgroup>
      )}
    </>
  );
}
