import { useQuery } from '@tanstack/react-query';
import { scopeWords } from '../../shared/copy-scope';
import type { WhatChanged } from '../../shared/what-changed';
import { syncQueries } from '../replica/queries';
import { formatDateTime } from '../shared-ui/format';

/** "Since" as the summary says it: "your last look (10 Nov 2026, 09:12)". */
export function sinceWords(since: WhatChanged['since']): string {
  const at = since.at === null ? '' : ` (${formatDateTime(since.at)})`;
  switch (since.from) {
    case 'last-look':
      return `your last look${at}`;
    case 'history-start':
      return `the start of this copy’s history${at}`;
    case 'bookmark':
      return `“${since.name}”${at}`;
    case 'moment':
      return since.at === null ? 'the moment chosen' : formatDateTime(since.at);
  }
}

/** What the list can and cannot know: from when, what it counts but does not list, what the copy keeps. */
export function HistoryNotes({ answer }: { answer: WhatChanged }) {
  const scope = useQuery(syncQueries.status()).data?.scope;
  const nameOf = (memberId: string) => answer.names[memberId] ?? memberId;
  return (
    <ul className="history-notes muted">
      <li>
        {answer.historyKnownSince === null
          ? 'This copy knows no history of the deals yet.'
          : `This copy knows the deals’ history from ${formatDateTime(answer.historyKnownSince)}, its first sync on this machine: changes before then are not known.`}
      </li>
      {answer.since.from === 'history-start' && answer.since.at !== null && (
        <li>No review has been marked done yet, so this lists everything the copy knows.</li>
      )}
      {answer.firstSeen > 0 && (
        <li>
          {answer.firstSeen === 1 ? '1 deal' : `${answer.firstSeen} deals`} created before then first reached the copy
          in this time (its first sync, or a wider choice of what it keeps): not listed as new.
        </li>
      )}
      {answer.undated > 0 && (
        <li>
          {answer.undated === 1 ? '1 call or activity carries' : `${answer.undated} calls and activities carry`} no
          creation time, so whether {answer.undated === 1 ? 'it is' : 'they are'} new cannot be said.
        </li>
      )}
      <li>
        A deal’s change is dated when this copy saw it (the sync looks every few minutes while Callscope is open); a
        call or an activity when the service says it was created.
      </li>
      {scope && scope.kind !== 'everything' && (
        <li>This copy keeps only {scopeWords(scope, nameOf)}: changes to the rest are not seen here.</li>
      )}
    </ul>
  );
}
