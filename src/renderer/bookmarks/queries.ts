import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bookmarks } from '../../shared/bookmarks';
import type { OperationParams } from '../../shared/bridge';
import { call } from '../api';

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: () => [...bookmarkKeys.all, 'list'] as const,
};

export const bookmarkQueries = {
  list: () =>
    queryOptions({
      queryKey: bookmarkKeys.list(),
      queryFn: ({ signal }) => call('listBookmarks', {}, signal),
    }),
};

/**
 * Mark the review done, save or remove a bookmark: main answers with the bookmarks as they now
 * are, which replace the cached ones; `changed` lets the screen read again what it read since one.
 */
export function useBookmarkActions(changed: () => void) {
  const queryClient = useQueryClient();
  const onSuccess = (bookmarks: Bookmarks) => {
    queryClient.setQueryData(bookmarkKeys.list(), bookmarks);
    changed();
  };
  return {
    markReviewed: useMutation({
      mutationFn: (params: OperationParams<'markReviewed'>) => call('markReviewed', params),
      onSuccess,
    }),
    save: useMutation({
      mutationFn: (params: OperationParams<'saveBookmark'>) => call('saveBookmark', params),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (params: OperationParams<'removeBookmark'>) => call('removeBookmark', params),
      onSuccess,
    }),
  };
}
