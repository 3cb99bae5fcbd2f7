import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LocalSearchResult, OperationParams } from '../../shared/bridge';
import { call } from '../api';

/**
 * Transcript search, one engine for the palette (`/`), the Search screen and saved searches: the
 * bridge's `searchLocal`, which answers from the local copy and asks the service only for the calls
 * the copy does not hold. This is the search asked for; which page of it is the query's business.
 */
export type LocalSearchRequest = Omit<OperationParams<'searchLocal'>, 'limit' | 'offset' | 'dealLimit' | 'askService'>;

/**
 * The first answer holds what a screenful shows (a few calls, the deals with the most lines, every
 * count), so it is small to send and quick to paint; more calls come as the list is scrolled.
 */
export const FIRST_CALLS = 6;
export const FIRST_DEALS = 10;
export const MORE_CALLS = 25;

/**
 * A page of results with the search it answers: results left on screen while the next text's
 * come keep their own highlights and links, and are not rendered again.
 */
export type LocalSearchPage = LocalSearchResult & { asked: LocalSearchRequest };

export const localSearchKeys = {
  all: ['local-search'] as const,
  results: (request: LocalSearchRequest) => [...localSearchKeys.all, 'results', request] as const,
  allDeals: (request: LocalSearchRequest) => [...localSearchKeys.results(request), 'all-deals'] as const,
};

const firstPage = (request: LocalSearchRequest) => ({ ...request, limit: FIRST_CALLS, dealLimit: FIRST_DEALS });

export const localSearchQueries = {
  results: (request: LocalSearchRequest) =>
    infiniteQueryOptions({
      queryKey: localSearchKeys.results(request),
      // No debounce: the signal aborts when the next keystroke makes this search stale, and `call`
      // then cancels it in main (its service request too), as the palette's search does.
      queryFn: async ({ pageParam, signal }): Promise<LocalSearchPage> => {
        const params =
          pageParam === 0 ? firstPage(request) : { ...request, offset: pageParam, limit: MORE_CALLS, dealLimit: 0 };
        return { ...(await call('searchLocal', params, signal)), asked: request };
      },
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextOffset ?? undefined,
      staleTime: 10_000,
    }),
  /**
   * The first page from the copy alone, the service not asked: the palette paints it at once and
   * replaces it with `results`' first page, which adds the calls the copy does not hold, once it comes.
   */
  copyFirst: (request: LocalSearchRequest) =>
    queryOptions({
      queryKey: [...localSearchKeys.results(request), 'copy-first'] as const,
      queryFn: async ({ signal }): Promise<LocalSearchPage> => ({
        ...(await call('searchLocal', { ...firstPage(request), askService: false }, signal)),
        asked: request,
      }),
      staleTime: 10_000,
    }),
  /**
   * Every deal group, when the person asks for more than the first answer's: the first page's own
   * search (the same calls searched when only the newest are), so its groups and counts are the same.
   */
  allDeals: (request: LocalSearchRequest) =>
    queryOptions({
      queryKey: localSearchKeys.allDeals(request),
      queryFn: async ({ signal }) =>
        (await call('searchLocal', { ...firstPage(request), dealLimit: undefined }, signal)).deals,
      staleTime: 10_000,
    }),
};
