import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useRef, useState } from 'react';
import type { Bookmarks } from '../../shared/bookmarks';
import { humanize } from '../../shared/humanize';
import type { WhatChanged } from '../../shared/what-changed';
import { bridgeErrorOf } from '../api';
import { bookmarkQueries, useBookmarkActions } from '../bookmarks/queries';
import { SaveBookmarkDialog } from '../bookmarks/SaveBookmarkDialog';
import { SincePicker } from '../bookmarks/SincePicker';
import { sinceQuery } from '../bookmarks/since-choice';
import { allStatuses } from '../deals/board-view';
import { Link, useAddressQuery } from '../navigation/router';
import { paths } from '../navigation/routes';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { type SelectChoice, SelectField } from '../shared-ui/SelectField';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useUndoOffer } from '../state/undo-offer';
import { ChangeGroups } from './ChangeGroups';
import {
  type ChangesView,
  countWords,
  kindCounts,
  NO_OWNER,
  readChangesView,
  shownChanges,
  writeChangesView,
} from './changes-view';
import { HistoryNotes, sinceWords } from './HistoryNotes';
import { whatChangedKeys, whatChangedQueries } from './queries';
import './what-changed.css';

/**
 * Every change to the deals since a bookmark the manager picks, from the local copy (offline too):
 * grouped by owner or by kind with counts, filtered by owner and deal status, each row opening
 * its deal or its call. "Mark review done" moves "my last look" to the moment the list was read.
 */
export function WhatChangedScreen() {
  const [query, setQuery] = useAddressQuery();
  const view = readChangesView(query);
  const update = (change: Partial<ChangesView>) => setQuery(writeChangesView({ ...view, ...change }));
  const sinceRef = useRef<HTMLSelectElement>(null);
  useKeyShortcut('b', () => sinceRef.current?.focus());
  // "Last Monday 9:00" is the one of when the screen opened, so its list does not shift while read.
  const [openedAt] = useState(() => new Date());
  const since = sinceQuery(view.since, openedAt);
  const changes = useQuery({
    ...whatChangedQueries.since(since ?? { kind: 'last-look' }),
    enabled: since !== null,
  });
  const bookmarks = useQuery(bookmarkQueries.list());
  const queryClient = useQueryClient();
  const actions = useBookmarkActions(() => void queryClient.invalidateQueries({ queryKey: whatChangedKeys.all }));
  const [saving, setSaving] = useState(false);
  const { offerUndo } = useUndoOffer.getState();

  const markDone = (answer: WhatChanged) => {
    const previous = bookmarks.data?.lastLook?.at ?? null;
    actions.markReviewed.mutate(
      { upTo: answer.until },
      {
        onSuccess: () =>
          offerUndo(`Review marked done: “My last look” is now ${formatDateTime(answer.until)}.`, async () => {
            await actions.markReviewed.mutateAsync({ upTo: previous });
          }),
      },
    );
  };
  const chosenBookmark =
    view.since.kind === 'bookmark'
      ? bookmarks.data?.named.find((bookmark) => view.since.kind === 'bookmark' && bookmark.id === view.since.id)
      : undefined;
  const removeChosen = () => {
    if (!chosenBookmark) return;
    actions.remove.mutate(
      { id: chosenBookmark.id },
      {
        onSuccess: () => {
          update({ since: { kind: 'last-look' } });
          offerUndo(`Bookmark “${chosenBookmark.name}” removed.`, async () => {
            const saved = await actions.save.mutateAsync({ name: chosenBookmark.name, at: chosenBookmark.at });
            const again = saved.named.find((bookmark) => bookmark.name === chosenBookmark.name);
            if (again) update({ since: { kind: 'bookmark', id: again.id } });
          });
        },
      },
    );
  };
  const onBookmarkSaved = (saved: Bookmarks, name: string) => {
    const made = saved.named.find((bookmark) => bookmark.name === name);
    if (made) {
      offerUndo(`Bookmark “${name}” saved.`, async () => {
        await actions.remove.mutateAsync({ id: made.id });
      });
    }
  };
  const failed = [actions.markReviewed, actions.remove].find((action) => action.isError)?.error;

  return (
    <div className="screen wide what-changed">
      <div className="screen-header">
        <h1>What changed</h1>
        <div className="header-actions">
          <button
            type="button"
            className="button primary"
            disabled={!changes.data || actions.markReviewed.isPending}
            onClick={() => changes.data && markDone(changes.data)}
          >
            Mark review done
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              actions.save.reset();
              setSaving(true);
            }}
          >
            Save a bookmark…
          </button>
          {chosenBookmark && (
            <button type="button" className="button" onClick={removeChosen} disabled={actions.remove.isPending}>
              Remove this bookmark
            </button>
          )}
        </div>
      </div>
      {failed && <InlineError error={failed} />}
      <Filters view={view} update={update} answer={changes.data} sinceRef={sinceRef} bookmarks={bookmarks.data} />
      {since === null ? (
        <EmptyState title="Choose the date and time to read from" />
      ) : changes.isPending ? (
        <SkeletonRows rows={6} height={44} label="Reading what changed" />
      ) : changes.isError ? (
        <CopyProblem error={changes.error} retry={() => changes.refetch()} />
      ) : (
        <Changes answer={changes.data} view={view} />
      )}
      <SaveBookmarkDialog
        open={saving}
        onClose={() => setSaving(false)}
        save={actions.save}
        onSaved={onBookmarkSaved}
      />
    </div>
  );
}

const groupChoices: SelectChoice[] = [
  ['owner', 'Owner'],
  ['kind', 'Kind of change'],
];

function Filters({
  view,
  update,
  answer,
  sinceRef,
  bookmarks,
}: {
  view: ChangesView;
  update: (change: Partial<ChangesView>) => void;
  answer: WhatChanged | undefined;
  sinceRef: Ref<HTMLSelectElement>;
  bookmarks: Bookmarks | undefined;
}) {
  const names = answer?.names ?? {};
  const owners = [...new Set((answer?.changes ?? []).map((change) => change.ownerId ?? NO_OWNER))]
    .filter((owner) => owner !== NO_OWNER)
    .sort((a, b) => (names[a] ?? a).localeCompare(names[b] ?? b));
  if (view.owner && view.owner !== NO_OWNER && !owners.includes(view.owner)) owners.push(view.owner);
  return (
    <form
      className="filters changes-filters"
      aria-label="Since when, and whose changes"
      onSubmit={(e) => e.preventDefault()}
    >
      <SincePicker ref={sinceRef} choice={view.since} bookmarks={bookmarks} onChange={(since) => update({ since })} />
      <SelectField
        inline
        label="Owner"
        value={view.owner ?? ''}
        blank="Anyone"
        choices={[...owners.map((owner): SelectChoice => [owner, names[owner] ?? owner]), [NO_OWNER, 'No owner']]}
        onChange={(owner) => update({ owner: owner || null })}
      />
      <SelectField
        inline
        label="Deal status"
        value={view.status ?? ''}
        blank="Any"
        choices={allStatuses.map((status) => [status, humanize(status)])}
        onChange={(status) => update({ status: status || null })}
      />
      <SelectField
        inline
        label="Group by"
        value={view.group}
        choices={groupChoices}
        onChange={(group) => update({ group: group === 'kind' ? 'kind' : 'owner' })}
      />
    </form>
  );
}

/** What changed needs the local copy: without one, the way to turn it on; any other failure, its details. */
function CopyProblem({ error, retry }: { error: unknown; retry: () => void }) {
  if (bridgeErrorOf(error).code !== 'not_available') return <ErrorState error={error} onRetry={retry} />;
  return (
    <EmptyState title="What changed is read from this workspace’s local copy">
      <p>{bridgeErrorOf(error).message}</p>
      <Link to={paths.settings()}>Open Workspace and key</Link>
    </EmptyState>
  );
}

function Changes({ answer, view }: { answer: WhatChanged; view: ChangesView }) {
  const shown = shownChanges(answer.changes, view);
  const filtered = shown.length !== answer.changes.length;
  const counts = kindCounts(shown);
  return (
    <>
      <p className="changes-summary">
        <strong>
          {shown.length === 0 ? 'No changes' : `${shown.length} ${shown.length === 1 ? 'change' : 'changes'}`}
        </strong>{' '}
        since {sinceWords(answer.since)}
        {filtered && ` (of ${answer.changes.length} in all)`}
        {counts.length > 0 && (
          <span className="muted">: {counts.map(([kind, count]) => countWords(kind, count)).join(' · ')}</span>
        )}
      </p>
      {answer.since.at === null ? (
        <EmptyState title="The local copy has not seen this workspace yet">
          <p>Once its first sync has stored the deals, their changes show here.</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title={filtered ? 'No changes of these deals' : 'Nothing changed'} />
      ) : (
        // A new grouping or filter is a new list: it paints its first rows at once too.
        <ChangeGroups
          key={`${view.group} ${view.owner} ${view.status}`}
          changes={shown}
          group={view.group}
          names={answer.names}
        />
      )}
      <HistoryNotes answer={answer} />
    </>
  );
}
