import type { InfiniteData, InvalidateQueryFilters } from '@tanstack/react-query';
import type { BoardDeals, CallRows, ChangedRead, DealCalls } from '../../shared/bridge';
import { coachingKeys } from '../coaching/queries';
import { callKeys } from '../records/call-reads';
import { dealKeys } from '../records/deal-reads';
import { rollupKeys } from '../rollup/queries';
import { localSearchKeys } from '../search/transcript-search';
import { memberKeys } from '../team/queries';
import { webhookKeys } from '../webhooks/queries';
import { whatChangedKeys } from '../what-changed/queries';

/** Local search reads transcripts and what it filters on (calls, deals): their change changes its results. */
const searched = { queryKey: localSearchKeys.all };
/** The roll-up reads the model's deals (list fields, the detail's probability) and members' names. */
const rollup = { queryKey: rollupKeys.all };
/**
 * The Pipeline's columns answered from the local copy hold each card's detail, newest activity,
 * scorings and the pricing in its calls (dealQueries.board): a change to any of them reads those
 * columns again. A column the service answered holds none of them (its cards read their own).
 */
const board: InvalidateQueryFilters = {
  queryKey: dealKeys.lists(),
  predicate: (query) =>
    (query.state.data as InfiniteData<BoardDeals> | undefined)?.pages.some((page) => page.totals !== null) ?? false,
};

/** The coaching screens read across every call, deal and member the copy holds: any change to one reads them again. */
const coaching = { queryKey: coachingKeys.all };

/**
 * What changed reads the deals, calls, activity, checklists, transcripts (who speaks on a new call)
 * and members the copy holds: a change to any of them reads it again, from the copy.
 */
const changes = { queryKey: whatChangedKeys.all };

/**
 * A calls list page the local copy answered holds its calls as the copy does, and any page may hold
 * what the copy does of its rows' deals (callQueries.list): a change to a call or a deal reads
 * those lists again. A page of the service's with no deals from the copy changes with its list only.
 */
const callsFromCopy: InvalidateQueryFilters = {
  queryKey: callKeys.lists(),
  predicate: (query) =>
    (query.state.data as InfiniteData<CallRows> | undefined)?.pages.some(
      (page) => page.from === 'copy' || Object.keys(page.deals).length > 0,
    ) ?? false,
};
/** A deal's calls the copy listed hold each call's record: a change to any call reads them again. */
const dealCallsFromCopy: InvalidateQueryFilters = {
  queryKey: dealKeys.allCalls(),
  predicate: (query) =>
    (query.state.data as InfiniteData<DealCalls> | undefined)?.pages.some((page) => page.from === 'copy') ?? false,
};

/**
 * The screens' queries that show each read of the service, for one of its stored answers changed.
 * A record's read re-reads that record's queries only; a list's, the lists of its kind. An
 * operation this table does not name is answered with null: every screen reads again.
 */
const queriesOf: Record<string, (id: string | null) => InvalidateQueryFilters[]> = {
  getDeal: (id) =>
    id
      ? [
          { queryKey: dealKeys.detail(id), exact: true },
          { queryKey: dealKeys.signals(id) },
          searched,
          board,
          rollup,
          changes,
          callsFromCopy,
          coaching,
        ]
      : [],
  listDeals: () => [
    { queryKey: dealKeys.lists() },
    { queryKey: [...dealKeys.all, 'totals'] },
    searched,
    rollup,
    changes,
    callsFromCopy,
    coaching,
  ],
  listActivities: (id) =>
    id
      ? [
          { queryKey: dealKeys.activities(id) },
          { queryKey: dealKeys.latestActivity(id) },
          { queryKey: dealKeys.signals(id) },
          // Without the copy, a deal's calls are those its activity links.
          { queryKey: dealKeys.calls(id) },
          board,
          changes,
          coaching,
        ]
      : [],
  listScorings: (id) =>
    id ? [{ queryKey: dealKeys.scorings(id) }, { queryKey: dealKeys.signals(id) }, board, coaching] : [],
  getVideo: (id) =>
    id
      ? [{ queryKey: callKeys.detail(id), exact: true }, searched, changes, callsFromCopy, dealCallsFromCopy, coaching]
      : [],
  listVideos: () => [{ queryKey: callKeys.lists() }, searched, board, changes, dealCallsFromCopy, coaching],
  getTranscript: (id) => (id ? [{ queryKey: callKeys.transcript(id) }, searched, board, changes, coaching] : []),
  getVideoEvents: (id) => (id ? [{ queryKey: callKeys.events(id) }] : []),
  getSummary: (id) => (id ? [{ queryKey: callKeys.summary(id) }] : []),
  getChecklist: (id) => (id ? [{ queryKey: callKeys.checklist(id) }, changes, coaching] : []),
  listAnalyses: (id) => (id ? [{ queryKey: callKeys.analyses(id) }] : []),
  listMembers: () => [{ queryKey: memberKeys.list() }, rollup, changes, coaching],
  getMe: () => [{ queryKey: memberKeys.me() }],
  listWebhooks: () => [{ queryKey: webhookKeys.list() }],
};

/** The queries to read again for these changed reads; null when one of them is not known here. */
export function queriesToReadAgain(reads: readonly ChangedRead[]): InvalidateQueryFilters[] | null {
  const filters: InvalidateQueryFilters[] = [];
  for (const read of reads) {
    const of = queriesOf[read.op];
    if (!of) return null;
    filters.push(...of(read.id));
  }
  return filters;
}
