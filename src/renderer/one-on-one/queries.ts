import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { bridgeErrorOf, call } from '../api';
import { bookmarkKeys } from '../bookmarks/queries';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';

export const oneOnOneKeys = {
  all: ['one-on-one'] as const,
  brief: (memberId: string) => [...oneOnOneKeys.all, 'brief', memberId] as const,
};

export const oneOnOneQueries = {
  brief: (memberId: string) =>
    queryOptions({
      queryKey: oneOnOneKeys.brief(memberId),
      queryFn: ({ signal }) => call('getOneOnOneBrief', { memberId }, signal),
    }),
};

/** A change to the brief, applied at once and offered for undo (Ctrl Z while the toast shows). */
async function applied(
  queryClient: QueryClient,
  write: () => Promise<() => Promise<unknown>>,
  words: string,
): Promise<void> {
  const { offerUndo, tell } = useUndoOffer.getState();
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: oneOnOneKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookmarkKeys.all }),
    ]);
  try {
    const undo = await write();
    offerUndo(words, async () => {
      try {
        await undo();
      } finally {
        await reread();
      }
    });
  } catch (error) {
    tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
  } finally {
    await reread();
  }
}

export const briefWrites = {
  markDone: (queryClient: QueryClient, memberId: string) =>
    applied(
      queryClient,
      async () => {
        const { before } = await call('markOneOnOne', { memberId });
        return () => call('markOneOnOne', { memberId, at: before });
      },
      '1:1 marked done: the next brief starts from now.',
    ),
  addItem: (queryClient: QueryClient, memberId: string, text: string, words = 'Action item added.') =>
    applied(
      queryClient,
      async () => {
        const item = await call('addActionItem', { memberId, text });
        return () => call('removeActionItem', { id: item.id });
      },
      words,
    ),
  setDone: (queryClient: QueryClient, id: string, done: boolean) =>
    applied(
      queryClient,
      async () => {
        await call('setActionItemDone', { id, done });
        return () => call('setActionItemDone', { id, done: !done });
      },
      done ? 'Action item done.' : 'Action item open again.',
    ),
};
