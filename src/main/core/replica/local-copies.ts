import { DEFAULT_SYNC_BUDGET, type LocalCopy, type SyncStatus } from '../../../shared/bridge';
import type { KeyVault } from '../key-vault/key-vault';
import type { SettingsStore } from '../settings/settings-store';
import { createReplicas } from './replicas';
import { createRequestBudget } from './sync/request-budget';
import { createWorkspaceSync, type SyncProgress, type WorkspaceSync } from './sync/workspace-sync';

/** Between background sync rounds: the lists walked again for what changed (a few requests a round). */
const SYNC_ROUND_EVERY_MS = 5 * 60_000;

export interface LocalCopiesOptions {
  vault: KeyVault;
  settings: SettingsStore;
  /** The folder of replica files; null keeps every replica in memory. */
  dir: string | null;
  /** Background sync (the app has it; tests that count requests do not). */
  sync: { pageSize?: number; roundEveryMs?: number } | null;
  /** One request to the workspace's service, as every other one goes. */
  request(workspaceId: string, op: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  syncProgress(status: SyncStatus): void;
}

/**
 * Every workspace's local copy: whether one may be kept (the person's choice in Settings, and a
 * key that works), its replica and its background sync, and deleting them. Nothing is kept for a
 * workspace while it may not be (`replicas.get` answers null), so no path writes to a copy that
 * was turned off or whose key died.
 */
export function createLocalCopies(options: LocalCopiesOptions) {
  /**
   * Workspaces whose key is gone (signed out, revoked) or was refused by the service (401): no
   * copy is kept for them until a key is accepted again, so a dead key leaves no calls behind.
   */
  const keyGone = new Set<string>();
  const chosen = (workspaceId: string) => !(options.settings.read().localCopyOff ?? []).includes(workspaceId);
  const kept = (workspaceId: string) => !keyGone.has(workspaceId) && chosen(workspaceId);
  const replicas = createReplicas({ vault: options.vault, dir: options.dir, keeps: kept });
  const budget = createRequestBudget(() => options.settings.read().syncRequestsPerSecond ?? DEFAULT_SYNC_BUDGET);
  const syncs = new Map<string, Promise<WorkspaceSync | null>>();
  let closed = false;

  function syncStatus(workspaceId: string, progress: SyncProgress | null): SyncStatus {
    const none = { known: 0, synced: 0, failing: 0, skipped: 0, skippedIds: [] };
    return {
      workspaceId,
      state: progress?.state ?? 'off',
      calls: progress?.calls ?? none,
      deals: progress?.deals ?? none,
      problem: progress?.problem ?? null,
      nextAttemptAt: progress?.nextAttemptAt == null ? null : new Date(progress.nextAttemptAt).toISOString(),
      requestsPerSecond: options.settings.read().syncRequestsPerSecond ?? DEFAULT_SYNC_BUDGET,
    };
  }

  /** The workspace whose sync runs (the one on screen); null before any did. */
  let running: string | null = null;

  /**
   * The workspace's sync, started (or resumed) when it becomes the one on screen; the others stop.
   * Only then: reading its status or searching must not start a round each time (every round
   * walks every list page); the timer, the service coming back and the person's Resume do.
   */
  async function syncOf(workspaceId: string): Promise<WorkspaceSync | null> {
    const settings = options.sync;
    if (!settings || closed || !kept(workspaceId)) return null;
    let sync = syncs.get(workspaceId);
    if (!sync) {
      sync = replicas.get(workspaceId).then(
        (replica) =>
          replica &&
          createWorkspaceSync({
            replica,
            budget,
            pageSize: settings.pageSize,
            roundEveryMs: settings.roundEveryMs ?? SYNC_ROUND_EVERY_MS,
            request: (op, params, signal) => options.request(workspaceId, op, params, signal),
            onProgress: (progress) => options.syncProgress(syncStatus(workspaceId, progress)),
          }),
      );
      syncs.set(workspaceId, sync);
    }
    for (const [otherId, other] of syncs) if (otherId !== workspaceId) void other.then((made) => made?.stop());
    const made = await sync;
    // Turned off while it was being made: none is kept, so turning it on again makes a new one.
    if (!made && syncs.get(workspaceId) === sync) syncs.delete(workspaceId);
    if (made && running !== workspaceId) {
      running = workspaceId;
      void made.start();
    }
    return made;
  }

  /**
   * Signing out, revoking or replacing the key with another member's, a key the service refuses,
   * removing the workspace, turning its local copy off or "Remove local data": no copy of its
   * calls is left behind, neither the file nor its key.
   */
  async function forget(workspaceId: string): Promise<void> {
    const sync = syncs.get(workspaceId);
    syncs.delete(workspaceId);
    if (running === workspaceId) running = null;
    (await sync)?.stop();
    await replicas.remove(workspaceId);
    options.syncProgress(syncStatus(workspaceId, null));
  }

  return {
    replicas,
    syncOf,
    syncStatus,
    forget,

    /** The service answered on again (after an outage): the stopped sync carries on. */
    resume(workspaceId: string): void {
      if (!closed) void syncs.get(workspaceId)?.then((sync) => sync?.start());
    },

    hasKeyGone: (workspaceId: string) => keyGone.has(workspaceId),
    /** The workspace's key is gone or refused: its copy goes, and none is kept until a key works. */
    async keyGone(workspaceId: string): Promise<void> {
      keyGone.add(workspaceId);
      await forget(workspaceId);
    },
    keyAccepted(workspaceId: string): void {
      keyGone.delete(workspaceId);
    },

    /** Settings' view of the copy. */
    async describe(workspaceId: string): Promise<LocalCopy> {
      return { workspaceId, on: chosen(workspaceId), ...(await replicas.size(workspaceId)) };
    },

    /** The person's choice, kept in settings; off deletes the copy at once. */
    async choose(workspaceId: string, on: boolean): Promise<void> {
      options.settings.update((current) => {
        const others = (current.localCopyOff ?? []).filter((id) => id !== workspaceId);
        return { ...current, localCopyOff: on ? others : [...others, workspaceId] };
      });
      if (!on) await forget(workspaceId);
    },

    /** The workspace is gone: its copy, and any choice about it. */
    async removeWorkspace(workspaceId: string): Promise<void> {
      await forget(workspaceId);
      keyGone.delete(workspaceId);
      options.settings.update((current) => ({
        ...current,
        localCopyOff: current.localCopyOff?.filter((id) => id !== workspaceId),
      }));
    },

    /** The syncs stop before their replicas close, so none writes to a closed database. */
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...syncs.values()].map((sync) => sync.then((made) => made?.stop())));
      await replicas.close();
    },
  };
}

export type LocalCopies = ReturnType<typeof createLocalCopies>;
