import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api';
import type { LocalSearchRequest } from './search-request';

export const localSearchKeys = {
  all: ['local-search'] as const,
  results: (request: LocalSearchRequest) => [...localSearchKeys.all, 'results', request] as const,
};

export const localSearchQueries = {
  results: (request: LocalSearchRequest) =>
    queryOptions({
      queryKey: localSearchKeys.results(request),
      // No debounce: the signal aborts when the next keystroke makes this search stale, and `call`
      // then cancels it in main (its service request too), as the palette's search does.
      queryFn: ({ signal }) => call('searchLocal', request, signal),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
};
