import type { Clock } from '../platform/clock';
import type { NotificationSchedule } from './notification-schedule';
import type { AppParts, Handlers } from './operation-handlers';

type NotificationOperation = 'getNotifications' | 'saveNotificationSettings' | 'sendDigestNow';

/** The manager's notification rules and digest for the active workspace: its local copy only, never the service. */
export function notificationOperations(
  { workspaces, engine, emit }: AppParts,
  schedule: NotificationSchedule,
  clock: Clock,
): Handlers<NotificationOperation> {
  return {
    getNotifications: async () => {
      const { lastDigestAt: _, ...view } = await engine.notificationsView(workspaces.active().id);
      return view;
    },
    saveNotificationSettings: async (settings) => {
      const workspaceId = workspaces.active().id;
      const change = await engine.saveNotificationSettings(workspaceId, settings, clock.now());
      emit('notificationsChanged', { workspaceId });
      // A digest time or quiet hours moved: the next wake-up follows them before the save is done.
      await schedule.rescheduled(workspaceId);
      return change;
    },
    sendDigestNow: async () => {
      const workspaceId = workspaces.active().id;
      const digest = await engine.sendDigest(workspaceId, clock.now());
      emit('notificationsChanged', { workspaceId });
      return digest;
    },
  };
}
