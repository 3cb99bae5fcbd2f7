import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../shared/bridge';
import { call } from '../api';

/** Per workspace, like the screens: a workspace change reads them again. */
export const savedSearchKeys = { all: ['saved-searches'] as const };

export const savedSearchQueries = {
  list: () =>
    queryOptions({ queryKey: savedSearchKeys.all, queryFn: ({ signal }) => call('listSavedSearches', {}, signal) }),
};

/** The matches in new calls, all saved searches together: the search button's badge. */
export function newMatchesOf(saved: readonly SavedSearch[] | undefined): { count: number; capped: boolean } {
  return {
    count: (saved ?? []).reduce((sum, search) => sum + search.newMatches, 0),
    capped: (saved ?? []).some((search) => search.newCapped),
  };
}

/** Saving, running and deleting each answer with main's list (or the search run), kept as the cache's. */
export function useSavedSearchActions() {
  const queryClient = useQueryClient();
  const keep = (list: SavedSearch[]) => queryClient.setQueryData(savedSearchKeys.all, list);
  return {
    save: useMutation({
      mutationFn: (search: Pick<SavedSearch, 'name' | 'q' | 'videoId' | 'dealId'>) => call('saveSearch', search),
      onSuccess: keep,
    }),
    open: useMutation({
      mutationFn: (id: string) => call('openSavedSearch', { id }),
      onSuccess: (run) =>
        queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.all, (list) =>
          list?.map((search) => (search.id === run.id ? run : search)),
        ),
    }),
    remove: useMutation({ mutationFn: (id: string) => call('deleteSavedSearch', { id }), onSuccess: keep }),
  };
}
