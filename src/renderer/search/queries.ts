import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api';

export type SearchParams = {
  q: string;
  video_id?: string;
  deal_id?: string;
  limit?: number;
};

export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, 'results', params] as const,
  callChoices: () => [...searchKeys.all, 'call-choices'] as const,
  dealChoices: () => [...searchKeys.all, 'deal-choices'] as const,
};

/** The open workspace's recent searches, stored by main; a change of workspace resets them with its other data. */
export const recentSearchKeys = { all: ['recent-searches'] as const };

/** The filter pickers offer the 100 newest calls and deals; the interface has no name lookup. */
const CHOICES = 100;

export const searchQueries = {
  results: (params: SearchParams) =>
    queryOptions({
      queryKey: searchKeys.results(params),
      // The signal aborts when the next keystroke makes this query stale; `call` then cancels it in main.
      queryFn: ({ signal }) => call('searchTranscripts', params, signal),
      enabled: params.q.trim().length > 0,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  callChoices: () =>
    queryOptions({
      queryKey: searchKeys.callChoices(),
      queryFn: ({ signal }) => call('listVideos', { limit: CHOICES }, signal),
      staleTime: 5 * 60_000,
    }),
  dealChoices: () =>
    queryOptions({
      queryKey: searchKeys.dealChoices(),
      queryFn: ({ signal }) => call('listDeals', { limit: CHOICES }, signal),
      staleTime: 5 * 60_000,
    }),
  recent: () =>
    queryOptions({
      queryKey: recentSearchKeys.all,
      queryFn: ({ signal }) => call('listRecentSearches', {}, signal),
      // Only this window adds to them, and it keeps the list main answers (SearchPalette): a refetch on
      // every opening could only race an addition still on its way and bring back the older list.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
