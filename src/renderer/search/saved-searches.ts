import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../shared/bridge';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';

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

/**
 * Saving, running and deleting each answer with main's list (or the search run), kept as the
 * cache's. Saving and deleting are offered for undo: what a save replaced, or what was deleted,
 * is put back as it was (its last run kept, so its new matches still count from there).
 */
export function useSavedSearchActions() {
  const queryClient = useQueryClient();
  const keep = (list: SavedSearch[]) => queryClient.setQueryData(savedSearchKeys.all, list);
  const kept = (find: (search: SavedSearch) => boolean) =>
    queryClient.getQueryData<SavedSearch[]>(savedSearchKeys.all)?.find(find) ?? null;
  return {
    save: useMutation({
      mutationFn: (search: Pick<SavedSearch, 'name' | 'q' | 'videoId' | 'dealId'>) => call('saveSearch', search),
      onMutate: (search) => ({ replaced: kept((other) => other.name === search.name) }),
      onSuccess: (list, search, context) => {
        keep(list);
        const made = list.find((other) => other.name === search.name);
        useUndoOffer
          .getState()
          .offerUndo(
            `Search “${search.name}” saved${context?.replaced ? ' in place of the earlier one of that name' : ''}.`,
            async () => {
              if (context?.replaced) keep(await call('restoreSavedSearch', context.replaced));
              else if (made) keep(await call('deleteSavedSearch', { id: made.id }));
            },
          );
      },
      // The form says it too, but an Esc after Enter may have closed the search before the answer came.
      onError: (error, search) =>
        useUndoOffer.getState().tell(`Search “${search.name}” not saved: ${describeError(bridgeErrorOf(error))}`),
    }),
    open: useMutation({
      mutationFn: (id: string) => call('openSavedSearch', { id }),
      onSuccess: (run) =>
        queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.all, (list) =>
          list?.map((search) => (search.id === run.id ? run : search)),
        ),
    }),
    remove: useMutation({
      mutationFn: (id: string) => call('deleteSavedSearch', { id }),
      onMutate: (id) => ({ removed: kept((search) => search.id === id) }),
      onSuccess: (list, _id, context) => {
        keep(list);
        const removed = context?.removed;
        if (removed) {
          useUndoOffer.getState().offerUndo(`Saved search “${removed.name}” deleted.`, async () => {
            keep(await call('restoreSavedSearch', removed));
          });
        }
      },
    }),
  };
}
