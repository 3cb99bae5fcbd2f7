import { type Ref, useId } from 'react';
import type { Bookmarks } from '../../shared/bookmarks';
import { BookmarkOptions } from './BookmarkOptions';
import { readSince, type SinceChoice, toLocalMoment, writeSince } from './since-choice';

const MOMENT_TO_TYPE = 'at:';

/**
 * "Since" as a choice: my last look, last Monday 9:00, a named bookmark, or a moment to type
 * (its field shows once chosen). A bookmark the address names that is gone still shows, so the
 * choice on screen is always the one read.
 */
export function SincePicker({
  choice,
  bookmarks,
  onChange,
  ref,
}: {
  choice: SinceChoice;
  bookmarks: Bookmarks | undefined;
  onChange: (choice: SinceChoice) => void;
  ref?: Ref<HTMLSelectElement>;
}) {
  const ids = { since: useId(), moment: useId() };
  const value = choice.kind === 'moment' ? MOMENT_TO_TYPE : (writeSince(choice) ?? '');
  return (
    <div className="since-picker">
      <div className="field inline-field">
        <label htmlFor={ids.since}>Since</label>
        <select
          id={ids.since}
          ref={ref}
          value={value}
          aria-keyshortcuts="b"
          onChange={(event) =>
            onChange(
              event.target.value === MOMENT_TO_TYPE
                ? { kind: 'moment', local: toLocalMoment(new Date()) }
                : readSince(event.target.value || null),
            )
          }
        >
          <BookmarkOptions bookmarks={bookmarks} value={value} lastLookValue="" />
          <option value={MOMENT_TO_TYPE}>A date and time…</option>
        </select>
      </div>
      {choice.kind === 'moment' && (
        <div className="field inline-field">
          <label htmlFor={ids.moment}>From</label>
          <input
            id={ids.moment}
            type="datetime-local"
            value={choice.local}
            max={toLocalMoment(new Date())}
            onChange={(event) => onChange({ kind: 'moment', local: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}
