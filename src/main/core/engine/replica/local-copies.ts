import type {
  ChangedRead,
  CopyScope,
  LocalCopy,
  LocalCopyReset,
  ReplicaStatus,
  StoringPause,
  SyncStatus,
} from '../../../../shared/bridge';
import { WHOLE_WORKSPACE } from '../../../../shared/copy-scope';
import type { KeyVault } from '../../platform/key-vault/key-vault';
import { createReplicas, type ReplicaStorageOptions, type SetAside } from './replicas';
import type { StorageFault } from './storage-faults';
import { applyScopeAt } from './sync/applied-scope';
import { createRequestBudget } from './sync/request-budget';
import type { RetrySchedule } from './sync/retry-schedule';
import { syncStore } from './sync/sync-store';
import { createWorkspaceSync, type SyncProgress, type WorkspaceSync } from './sync/workspace-sync';

/** How the background sync runs; each has the app's default. */
export interface SyncSettings {
  pageSize?: number;
  roundEveryMs?: number;
  /** The waits before what failed is tried again (tests shorten them). */
  retry?: RetrySchedule;
}

/** Between background sync rounds: the lists walked again for what changed (a few requests a round). */
const SYNC_ROUND_EVERY_MS = 5 * 60_000;

/** What the local copies read of the person's settings: a snapshot, handed again after each change. */
export interface CopySettings {
  localCopyOff: readonly string[];
  syncRequestsPerSecond: number;
  localCopyResets: Readonly<Record<string, LocalCopyReset>>;
  /** What each workspace's copy keeps; absent: everything. */
  copyScopes: Readonly<Record<string, CopyScope>>;
}

export interface LocalCopiesOptions {
  vault: KeyVault;
  settings(): CopySettings;
  /** Why and when a copy was removed or rebuilt, for the settings file (Settings say it). */
  noteReset(workspaceId: string, reset: LocalCopyReset): void;
  /** The folder of replica files; null keeps every replica in memory. */
  dir: string | null;
  /** Background sync (the app has it; tests that count requests do not). */
  sync: SyncSettings | null;
  /** One request to the workspace's service, as every other one goes. */
  request(workspaceId: string, op: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  syncProgress(status: SyncStatus): void;
  /** The copy paused or resumed storing, was rebuilt or removed: what Settings and the status line show changed. */
  changed(workspaceId: string): void;
  /** The sync stored answers that differ from those held: the screens showing these reads read again. */
  stored(workspaceId: string, reads: ChangedRead[]): void;
  storage?: ReplicaStorageOptions;
}

/** Why the sync waits after a write to the copy failed; the storage layer pauses or rebuilds it. */
const storageWords: Record<StorageFault, string> = {
  full: 'Local copy paused: the disk is full',
  other: 'Local copy paused: a write to it failed',
  corrupt: 'The local copy was damaged and is being rebuilt',
  'newer-version': 'The local copy was written by a newer Callscope and is being rebuilt',
};

/** Why a copy was deleted, as kept in settings for Settings to say. */
export type RemovalReason = Exclude<LocalCopyReset['reason'], 'damaged' | 'newer-version'>;

const iso = (ms: number) => new Date(ms).toISOString();

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
  const chosen = (workspaceId: string) => !options.settings().localCopyOff.includes(workspaceId);
  const kept = (workspaceId: string) => !keyGone.has(workspaceId) && chosen(workspaceId);
  const scopeOf = (workspaceId: string): CopyScope => options.settings().copyScopes[workspaceId] ?? WHOLE_WORKSPACE;
  /** Copies set aside and rebuilt this session: the status line says so until the app restarts. */
  const rebuiltNow = new Map<string, LocalCopyReset>();
  /** Workspaces whose sync was stopped for a rebuild, to sync the new copy afresh. */
  const resyncAfterRebuild = new Set<string>();

  function rebuilt(workspaceId: string, setAside: SetAside): void {
    const reset: LocalCopyReset = { at: iso(setAside.at), reason: setAside.reason, keptAt: setAside.keptAt };
    console.error(
      `callscope: the local copy of ${workspaceId} was set aside (${setAside.reason}) and is rebuilt; kept at ${setAside.keptAt ?? 'nowhere (in memory)'}`,
    );
    options.noteReset(workspaceId, reset);
    rebuiltNow.set(workspaceId, reset);
    options.changed(workspaceId);
    if (resyncAfterRebuild.delete(workspaceId)) void show(workspaceId);
  }

  const replicas = createReplicas({
    vault: options.vault,
    dir: options.dir,
    keeps: kept,
    storage: options.storage,
    stopping: async (workspaceId) => {
      if (await stopSync(workspaceId)) resyncAfterRebuild.add(workspaceId);
    },
    rebuilt,
    storingChanged: (workspaceId) => {
      options.changed(workspaceId);
      // Room again: the sync carries on storing.
      if (!replicas.storingPause(workspaceId)) carryOn(workspaceId);
    },
  });
  const budget = createRequestBudget(() => options.settings().syncRequestsPerSecond);
  const syncs = new Map<string, Promise<WorkspaceSync | null>>();
  /** The syncs made so far, for a status read that must not start one. */
  const made = new Map<string, WorkspaceSync>();
  let closed = false;

  /** On screen, with no sync because no copy could be opened to sync into (a full disk): why it waits. */
  const pauseWithoutSync = (workspaceId: string) =>
    workspaceId === onScreen && options.sync ? replicas.storingPause(workspaceId) : null;

  function syncStatus(workspaceId: string, progress: SyncProgress | null): SyncStatus {
    const none = { known: 0, synced: 0, failing: 0, skipped: 0, skippedIds: [] };
    const scope = scopeOf(workspaceId);
    // The start of recent months the counts are of, once the copy was made to fit this choice.
    const applied = progress?.scope;
    const since =
      scope.kind === 'recent' && applied?.kind === 'recent' && applied.months === scope.months ? applied.since : null;
    const pause = progress ? null : pauseWithoutSync(workspaceId);
    return {
      workspaceId,
      state: progress?.state ?? (pause ? 'waiting' : 'off'),
      calls: progress?.calls ?? none,
      deals: progress?.deals ?? none,
      problem: progress?.problem ?? (pause ? storageWords[pause.reason === 'disk-full' ? 'full' : 'other'] : null),
      nextAttemptAt: progress?.nextAttemptAt == null ? null : new Date(progress.nextAttemptAt).toISOString(),
      requestsPerSecond: options.settings().syncRequestsPerSecond,
      scope,
      scopeSince: since,
    };
  }

  /** The workspace whose sync runs (the one on screen); null before any did. */
  let running: string | null = null;
  /** The workspace on screen, whether or not a copy could be opened for it. */
  let onScreen: string | null = null;

  /** The workspace's sync, made once (null while no copy may be kept for it, or the app does not sync). */
  function syncOf(workspaceId: string): Promise<WorkspaceSync | null> {
    const settings = options.sync;
    if (!settings || closed || !kept(workspaceId)) return Promise.resolve(null);
    let sync = syncs.get(workspaceId);
    if (!sync) {
      sync = replicas.get(workspaceId).then((replica) => {
        if (!replica) return null;
        const created = createWorkspaceSync({
          replica,
          budget,
          pageSize: settings.pageSize,
          roundEveryMs: settings.roundEveryMs ?? SYNC_ROUND_EVERY_MS,
          retry: settings.retry,
          scope: () => scopeOf(workspaceId),
          request: (op, params, signal) => options.request(workspaceId, op, params, signal),
          onProgress: (progress) => options.syncProgress(syncStatus(workspaceId, progress)),
          storageFailed: (error) => storageWords[replicas.reportWriteError(replica, error)],
          stored: (reads) => options.stored(workspaceId, reads),
        });
        made.set(workspaceId, created);
        return created;
      });
      syncs.set(workspaceId, sync);
      const making = sync;
      // Turned off while it was being made: none is kept, so turning it on again makes a new one.
      void making.then((created) => !created && syncs.get(workspaceId) === making && syncs.delete(workspaceId));
    }
    return sync;
  }

  /**
   * The workspace is the one on screen: its sync runs (a round starts, an unfinished one resumes)
   * and the others stop. Only then, the timer, the service coming back and the person's Resume:
   * reading a status or searching never starts a round (every round walks every list page).
   */
  async function show(workspaceId: string): Promise<void> {
    onScreen = workspaceId;
    for (const [otherId, other] of syncs) if (otherId !== workspaceId) void other.then((sync) => sync?.stop());
    const sync = await syncOf(workspaceId);
    if (sync && running !== workspaceId) {
      running = workspaceId;
      void sync.start();
    }
  }

  /** Stops the workspace's sync and forgets it; true when it was the one running. */
  async function stopSync(workspaceId: string): Promise<boolean> {
    const sync = syncs.get(workspaceId);
    syncs.delete(workspaceId);
    made.delete(workspaceId);
    const wasRunning = running === workspaceId;
    if (wasRunning) running = null;
    (await sync)?.stop();
    return wasRunning;
  }

  /**
   * Signing out, revoking or replacing the key with another member's, a key the service refuses,
   * removing the workspace, turning its local copy off or "Remove local data": no copy of its
   * calls is left behind, neither the file nor its key. Settings keep why, when there was one.
   */
  function forget(workspaceId: string, reason: RemovalReason): Promise<void> {
    // Two at once (the sync's and a screen's request both met the refused key) share one removal:
    // a second would delete a keychain entry the first is deleting.
    const running = forgetting.get(workspaceId);
    if (running) return running;
    const removal = (async () => {
      await stopSync(workspaceId);
      rebuiltNow.delete(workspaceId);
      if (await replicas.remove(workspaceId)) {
        options.noteReset(workspaceId, { at: iso(Date.now()), reason, keptAt: null });
      }
      options.syncProgress(syncStatus(workspaceId, null));
      options.changed(workspaceId);
    })().finally(() => forgetting.delete(workspaceId));
    forgetting.set(workspaceId, removal);
    return removal;
  }
  const forgetting = new Map<string, Promise<void>>();

  /** The service answered on again (after an outage), or the disk has room again: the stopped sync carries on. */
  function carryOn(workspaceId: string): void {
    if (closed) return;
    const sync = syncs.get(workspaceId);
    if (sync) void sync.then((made) => made?.start());
    // None could be made (no copy opened on a full disk): now one can, for the workspace on screen.
    else if (workspaceId === onScreen) void show(workspaceId);
  }

  function storingPaused(workspaceId: string): StoringPause | null {
    const pause = replicas.storingPause(workspaceId);
    return pause && { ...pause, since: iso(pause.since) };
  }

  return {
    replicas,
    show,
    forget,
    carryOn,

    /** The workspace's sync as it stands; a read that starts nothing. */
    syncStatus(workspaceId: string): SyncStatus {
      return syncStatus(workspaceId, made.get(workspaceId)?.progress() ?? null);
    },
    /**
     * The sync's state alone, as `syncStatus` says it, without counting the records it tracks:
     * each read that asks whether the copy is kept up to date (a Pipeline column's) asks it.
     */
    syncState(workspaceId: string): SyncStatus['state'] {
      const sync = made.get(workspaceId);
      if (sync) return sync.state();
      return pauseWithoutSync(workspaceId) ? 'waiting' : 'off';
    },
    /** The calls the sync knows of, as `syncStatus` counts them (a search asks at each keystroke). */
    knownCalls(workspaceId: string): number {
      return made.get(workspaceId)?.knownCalls() ?? 0;
    },
    /** The part of the workspace the person chose to copy (settings), applied or not yet. */
    scopeOf,
    /** The person paused it: no request until they resume. */
    async pause(workspaceId: string): Promise<SyncStatus> {
      (await syncOf(workspaceId))?.pause();
      return this.syncStatus(workspaceId);
    },
    async resume(workspaceId: string): Promise<SyncStatus> {
      void (await syncOf(workspaceId))?.resume();
      return this.syncStatus(workspaceId);
    },

    hasKeyGone: (workspaceId: string) => keyGone.has(workspaceId),
    /** The workspace's key is gone or refused: its copy goes, and none is kept until a key works. */
    async keyGone(workspaceId: string, reason: 'signed-out' | 'key-revoked' | 'key-refused'): Promise<void> {
      keyGone.add(workspaceId);
      await forget(workspaceId, reason);
    },
    keyAccepted(workspaceId: string): void {
      keyGone.delete(workspaceId);
    },

    /** Settings' view of the copy. */
    async describe(workspaceId: string): Promise<LocalCopy> {
      return {
        workspaceId,
        on: chosen(workspaceId),
        ...(await replicas.size(workspaceId)),
        storingPaused: storingPaused(workspaceId),
        lastReset: options.settings().localCopyResets[workspaceId] ?? null,
        scope: scopeOf(workspaceId),
      };
    },

    /**
     * The person chose what the copy keeps: it is made to fit at once (what lies outside is
     * deleted), and a new round walks the lists under it; the sync carries on if it was running.
     */
    async applyScope(workspaceId: string): Promise<void> {
      const sync = made.get(workspaceId);
      const wasRunning = running === workspaceId;
      await sync?.stop();
      await replicas.write(workspaceId, (replica) =>
        syncStore(replica).openRound(applyScopeAt(scopeOf(workspaceId), Date.now()), Date.now()),
      );
      options.changed(workspaceId);
      options.syncProgress(this.syncStatus(workspaceId));
      if (sync && wasRunning) void sync.start();
    },

    /** What the status line says of the copy besides where it lives. */
    problems(workspaceId: string): Pick<ReplicaStatus, 'storingPaused' | 'rebuilt'> {
      return { storingPaused: storingPaused(workspaceId), rebuilt: rebuiltNow.get(workspaceId) ?? null };
    },

    /** The workspace is gone: its copy, and whether its key was refused. */
    async removeWorkspace(workspaceId: string): Promise<void> {
      await forget(workspaceId, 'removed');
      keyGone.delete(workspaceId);
    },

    /** The syncs stop before their replicas close, so none writes to a closed database. */
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...syncs.values()].map((sync) => sync.then((created) => created?.stop())));
      await replicas.close();
    },
  };
}

export type LocalCopies = ReturnType<typeof createLocalCopies>;
