import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DealStatus, Scoring } from '../../shared/api';
import { PRICING_SEARCH } from '../../shared/bridge';
import { call, callInBackground } from '../api';
import type { JobDescriptor } from '../jobs/job-descriptor';
import { dealKeys } from '../records/deal-reads';
import { nextCursor } from '../state/cursor-pages';
import { defaultBoardView } from './board-view';
import type { DealSignals } from './deal-warnings';

/** A read whose failure leaves its signal unknown instead of failing the others. */
const unlessFailed = async <T>(read: Promise<T>): Promise<T | undefined> => read.catch(() => undefined);

export const dealQueries = {
  /**
   * A Pipeline column: its deals with what the local copy holds of each card (its facts) and the
   * status's totals, one read a page; a card whose facts the copy lacks reads its own.
   */
  board: (status: DealStatus) =>
    infiniteQueryOptions({
      queryKey: dealKeys.list(status),
      queryFn: ({ pageParam, signal }) => call('listBoardDeals', { status, cursor: pageParam, limit: 25 }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
  /** Every deal of a status in pages of the interface's largest size, for its totals (useStatusTotals). */
  totals: (status: DealStatus) =>
    infiniteQueryOptions({
      queryKey: dealKeys.totals(status),
      queryFn: ({ pageParam, signal }) =>
        callInBackground('listDeals', { status, cursor: pageParam, limit: 100 }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
  /** The deal's detail (dealReads.detail), read for one card of the board among many: in the background lane (api.ts). */
  cardDetail: (dealId: string) =>
    queryOptions({
      queryKey: dealKeys.detail(dealId),
      queryFn: ({ signal }) => callInBackground('getDeal', { id: dealId }, signal),
      staleTime: 5 * 60_000,
    }),
  /**
   * When the newest activity happened, for warnings and the board's "last activity" order: `at` is
   * null when the deal has none, undefined when the newest one does not say when.
   */
  latestActivity: (dealId: string) =>
    queryOptions({
      queryKey: dealKeys.latestActivity(dealId),
      queryFn: async ({ signal }) => {
        const newest = (await callInBackground('listActivities', { id: dealId, limit: 1 }, signal)).data[0];
        return { at: newest ? (newest.created_at ?? undefined) : null };
      },
      staleTime: 5 * 60_000,
    }),
};

/**
 * The three reads a deal's warnings need: its newest activity (shared with the board's order by
 * last activity through the query cache), its newest scorings, and whether its calls mention
 * pricing (a search restricted to the deal).
 */
async function readSignals(dealId: string, signal: AbortSignal, client: QueryClient): Promise<DealSignals> {
  const [activity, scorings, pricing] = await Promise.all([
    unlessFailed(client.fetchQuery(dealQueries.latestActivity(dealId))),
    unlessFailed(callInBackground('listScorings', { id: dealId, limit: 10 }, signal)),
    unlessFailed(callInBackground('searchTranscripts', { q: PRICING_SEARCH, deal_id: dealId, limit: 1 }, signal)),
  ]);
  return {
    latestActivityAt: activity?.at,
    scorings: scorings?.data,
    pricingMentions: pricing && Math.max(pricing.meta.total_matches ?? 0, pricing.data.length),
  };
}

/**
 * The board's first reads, started at the press on a link to the Pipeline (render-ahead's reads at
 * the press): one page a column of the view a link opens, the default one.
 */
export function prefetchBoard(queryClient: QueryClient): void {
  for (const status of defaultBoardView.shown) void queryClient.prefetchInfiniteQuery(dealQueries.board(status));
}

export const dealSignalsQuery = (dealId: string, client: QueryClient) =>
  queryOptions({
    queryKey: dealKeys.signals(dealId),
    queryFn: ({ signal }) => readSignals(dealId, signal, client),
    staleTime: 5 * 60_000,
  });

export const scoringJob: JobDescriptor<Scoring> = {
  kind: 'scoring',
  start: (dealId, idempotencyKey) => call('startScoring', { id: dealId, idempotencyKey }),
  get: (dealId, scoringId, signal) => call('getScoring', { id: dealId, scoring_id: scoringId }, signal),
  history: dealKeys.scorings,
  // The deal's probability and factors come from its latest completed scoring (design.md).
  affected: (dealId) => [
    { queryKey: dealKeys.detail(dealId), exact: true },
    { queryKey: dealKeys.scorings(dealId) },
    { queryKey: dealKeys.lists() },
  ],
};
