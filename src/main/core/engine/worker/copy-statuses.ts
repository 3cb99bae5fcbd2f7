import type { CopyStatus } from '../engine';

/**
 * Each copy's status as main last heard it from the engine's thread, kept until the engine says
 * the copy changed state (paused or resumed storing, rebuilt, removed, turned off or on, the
 * settings told again, a new worker): the status line reads it at every window load, and a call
 * to the engine's thread waited for its turn behind the sync's writes. A status without a copy
 * ('off') is asked again at each read, as a copy that could not open yet (a keychain answering
 * late) opens at a later read with no change of state to say so.
 */
export function createCopyStatuses(ask: (workspaceId: string) => Promise<CopyStatus>) {
  const held = new Map<string, { status: CopyStatus; current: boolean }>();
  /** Moves when a copy changes state, so an answer asked before then is not kept as current. */
  const generations = new Map<string, number>();
  let everyCopy = 0;
  const generation = (workspaceId: string) => everyCopy + (generations.get(workspaceId) ?? 0);

  return {
    /** The status, asking the engine only when the one held may be out of date; throws as `ask` does. */
    async get(workspaceId: string): Promise<CopyStatus> {
      const known = held.get(workspaceId);
      if (known?.current) return known.status;
      const askedAt = generation(workspaceId);
      const status = await ask(workspaceId);
      held.set(workspaceId, { status, current: status.storage !== 'off' && generation(workspaceId) === askedAt });
      return status;
    },
    /** What the engine said last, current or not; null when it was never asked. */
    last: (workspaceId: string): CopyStatus | null => held.get(workspaceId)?.status ?? null,
    changed(workspaceId: string): void {
      generations.set(workspaceId, (generations.get(workspaceId) ?? 0) + 1);
      const known = held.get(workspaceId);
      if (known) known.current = false;
    },
    changedAll(): void {
      everyCopy++;
      for (const known of held.values()) known.current = false;
    },
  };
}
