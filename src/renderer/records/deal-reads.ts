import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DealStatus } from '../../shared/api';
import { call } from '../api';
import { nextCursor } from '../state/cursor-pages';

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (status: DealStatus) => [...dealKeys.lists(), { status }] as const,
  detail: (dealId: string) => [...dealKeys.all, 'detail', dealId] as const,
  activities: (dealId: string) => [...dealKeys.detail(dealId), 'activities'] as const,
  scorings: (dealId: string) => [...dealKeys.detail(dealId), 'scorings'] as const,
  signals: (dealId: string) => [...dealKeys.detail(dealId), 'signals'] as const,
  latestActivity: (dealId: string) => [...dealKeys.detail(dealId), 'latest-activity'] as const,
  totals: (status: DealStatus) => [...dealKeys.all, 'totals', { status }] as const,
  allCalls: () => [...dealKeys.all, 'calls'] as const,
  calls: (dealId: string) => [...dealKeys.allCalls(), dealId] as const,
};

/** The reads of a deal that a link to it starts ahead (prefetchDeal) and the deal page then shows. */
export const dealReads = {
  detail: (dealId: string) =>
    queryOptions({
      queryKey: dealKeys.detail(dealId),
      queryFn: ({ signal }) => call('getDeal', { id: dealId }, signal),
    }),
  activities: (dealId: string) =>
    infiniteQueryOptions({
      queryKey: dealKeys.activities(dealId),
      queryFn: ({ pageParam, signal }) => call('listActivities', { id: dealId, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
  scorings: (dealId: string) =>
    infiniteQueryOptions({
      queryKey: dealKeys.scorings(dealId),
      queryFn: ({ pageParam, signal }) => call('listScorings', { id: dealId, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
  /** The deal's calls, each with its record where the answer brings it (from the local copy). */
  calls: (dealId: string) =>
    infiniteQueryOptions({
      queryKey: dealKeys.calls(dealId),
      // No limit: without the copy, a page is the deal's activities as the Activity panel reads them.
      queryFn: ({ pageParam, signal }) => call('listDealCalls', { id: dealId, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
};

/**
 * Starts the reads the deal page paints first when the person goes for the deal (pressing its
 * link): the deal with its win probability, its scorings (the trend), its activities and its calls.
 */
export function prefetchDeal(queryClient: QueryClient, dealId: string): void {
  const detail = dealReads.detail(dealId);
  // The board's card may be reading the same deal in the background lane, queued behind other
  // cards: that read is dropped and asked again in the foreground. Not abortable: the board's
  // unmount, in the click, would cancel a read its last card observer leaves.
  void queryClient.cancelQueries({ queryKey: detail.queryKey, exact: true });
  void queryClient.prefetchQuery({ ...detail, queryFn: () => call('getDeal', { id: dealId }) });
  void queryClient.prefetchInfiniteQuery(dealReads.scorings(dealId));
  void queryClient.prefetchInfiniteQuery(dealReads.activities(dealId));
  void queryClient.prefetchInfiniteQuery(dealReads.calls(dealId));
}
