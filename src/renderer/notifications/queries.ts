import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationsView } from '../../shared/notification-rules';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';

export const notificationKeys = {
  all: ['notifications'] as const,
};

export const notificationQueries = {
  /** From the local copy alone: the rules are the manager's own and work offline. */
  view: () =>
    queryOptions({
      queryKey: notificationKeys.all,
      queryFn: ({ signal }) => call('getNotifications', {}, signal),
    }),
};

/**
 * Saves the settings whole: the screen shows them at once, the copy keeps them, and the toast
 * offers to undo (the settings before, saved back). A save the copy refused is taken back on
 * screen, and the toast says why.
 */
export function useSaveNotificationSettings(): (settings: NotificationSettings, words: string) => Promise<void> {
  const queryClient = useQueryClient();
  const save = async (settings: NotificationSettings) => {
    await queryClient.cancelQueries({ queryKey: notificationKeys.all });
    queryClient.setQueryData<NotificationsView>(notificationKeys.all, (view) => view && { ...view, settings });
    try {
      return await call('saveNotificationSettings', settings);
    } finally {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }
  };
  return async (settings, words) => {
    const { offerUndo, tell } = useUndoOffer.getState();
    try {
      const change = await save(settings);
      offerUndo(words, async () => {
        await save(change.before);
      });
    } catch (error) {
      tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
    }
  };
}
