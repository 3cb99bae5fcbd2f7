import type { AppParts, Handlers } from './operation-handlers';

/** The manager's snoozed deal warnings: the active workspace's local copy only, never the service. */
export function warningSnoozeOperations({
  workspaces,
  engine,
}: AppParts): Handlers<'listWarningSnoozes' | 'snoozeWarning' | 'removeWarningSnooze'> {
  const active = () => workspaces.active().id;
  return {
    listWarningSnoozes: async () => engine.listWarningSnoozes(active()),
    snoozeWarning: async (snooze) => engine.snoozeWarning(active(), snooze),
    removeWarningSnooze: async (warning) => engine.removeWarningSnooze(active(), warning),
  };
}
