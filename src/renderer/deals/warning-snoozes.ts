import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WarningRef, WarningSnooze, WarningSnoozeChange } from '../../shared/warning-snoozes';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { formatDate } from '../shared-ui/format';
import { useUndoOffer } from '../state/undo-offer';

export const warningSnoozeKeys = { all: ['warning-snoozes'] as const };

/** A snooze ends while the app runs: the list is read again each minute, and its warning comes back. */
const EXPIRY_CHECK_MS = 60_000;

export const warningSnoozeQueries = {
  /** The snoozes not over yet, by deal. A copy that cannot answer snoozes nothing: every warning shows. */
  all: () =>
    queryOptions({
      queryKey: warningSnoozeKeys.all,
      queryFn: async ({ signal }) => {
        const byDeal = new Map<string, WarningSnooze[]>();
        for (const snooze of await call('listWarningSnoozes', {}, signal))
          byDeal.set(snooze.dealId, [...(byDeal.get(snooze.dealId) ?? []), snooze]);
        return byDeal;
      },
      refetchInterval: EXPIRY_CHECK_MS,
      // Only this window's writes change them, and each reads them again; a snooze whose end has come
      // hides nothing where it is read (`warningSetOf`). So opening a screen does not read them again.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Writes `before` back: a snooze set goes (or gets its moment back), one removed returns. */
function undoOf({ before, after }: WarningSnoozeChange): Promise<unknown> {
  if (before) return call('snoozeWarning', { dealId: before.dealId, kind: before.kind, until: before.until });
  return after ? call('removeWarningSnooze', { dealId: after.dealId, kind: after.kind }) : Promise.resolve();
}

/** Sets or removes a snooze at once: every warning on screen reads it, and the toast offers to undo it (Ctrl Z). */
async function written(queryClient: QueryClient, write: () => Promise<WarningSnoozeChange>, words: string) {
  const { offerUndo, tell } = useUndoOffer.getState();
  const reread = () => queryClient.invalidateQueries({ queryKey: warningSnoozeKeys.all });
  try {
    const change = await write();
    offerUndo(`${words} Ctrl Z undoes it.`, async () => {
      try {
        await undoOf(change);
      } finally {
        await reread();
      }
    });
  } catch (error) {
    tell(`Snooze not kept: ${describeError(bridgeErrorOf(error))}`);
  } finally {
    await reread();
  }
}

export const snoozeWrites = {
  snooze: (queryClient: QueryClient, warning: WarningRef & { text: string }, until: Date) =>
    written(
      queryClient,
      () => call('snoozeWarning', { dealId: warning.dealId, kind: warning.kind, until: until.toISOString() }),
      `“${warning.text}” snoozed until ${formatDate(until.toISOString())}.`,
    ),
  remove: (queryClient: QueryClient, warning: WarningRef & { text: string }) =>
    written(
      queryClient,
      () => call('removeWarningSnooze', { dealId: warning.dealId, kind: warning.kind }),
      `“${warning.text}” is back.`,
    ),
};
