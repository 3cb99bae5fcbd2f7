import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../../../../node-shared/private-files';
import type { KeyVault } from '../../platform/key-vault/key-vault';
import { type ReplicaAnswers, replicaAnswers } from './replica-answers';
import { checkReplicaFile } from './replica-check';
import {
  closedUncleanly,
  deleteReplicaFiles,
  openReplicaDb,
  probeStorage,
  REPLICA_SIDE_FILES,
  type ReplicaDatabase,
  setReplicaFilesAside,
} from './replica-db';
import { replicaKey, replicaKeyAccount } from './replica-key';
import { classifyStorageError, type StorageFault, storageErrorCode } from './storage-faults';

export interface Replica {
  readonly workspaceId: string;
  readonly db: ReplicaDatabase;
  readonly answers: ReplicaAnswers;
  /** 'file': encrypted on disk under a keychain key; 'memory': this session only. */
  readonly storage: 'file' | 'memory';
}

/** Why storing in a copy is paused; reads still come from what it holds. */
export interface StoringPause {
  /** 'disk-full': no room left (SQLITE_FULL, ENOSPC); 'write-failed': another write error. */
  reason: 'disk-full' | 'write-failed';
  /** Milliseconds since the epoch. */
  since: number;
  /** The error's code ('SQLITE_IOERR_WRITE'), null when it had none. */
  code: string | null;
}

/** A copy found damaged (or written by a newer version), set aside and replaced by an empty one. */
export interface SetAside {
  reason: 'damaged' | 'newer-version';
  /** Where the old file is kept; null for a copy in memory, which had none. */
  keptAt: string | null;
  /** Milliseconds since the epoch. */
  at: number;
}

/** How a copy copes with its disk. */
export interface ReplicaStorageOptions {
  /** How often a paused copy tries a write again (default 30 s). */
  probeEveryMs?: number;
  /** How long after opening a file left open by a crash its `quick_check` starts (default 10 s). */
  checkAfterMs?: number;
  /**
   * The most pages a replica may grow to, asked before each write and probe: tests make a full
   * disk with it where none can be mounted, and free it by raising it.
   */
  maxPageCount?: () => number;
}

export interface ReplicasOptions {
  vault: KeyVault;
  /** The folder of replica files; null keeps every replica in memory (tests, no user data folder). */
  dir: string | null;
  /** False while nothing may be kept for the workspace (its local copy is off, or its key refused). */
  keeps?(workspaceId: string): boolean;
  /** Before a damaged copy is closed to be rebuilt: whatever writes to it (the sync) stops. */
  stopping?(workspaceId: string): Promise<void>;
  /** A damaged copy (or a newer version's) was set aside; the next `get` opens an empty one. */
  rebuilt?(workspaceId: string, setAside: SetAside): void;
  /** Storing paused or resumed (`storingPause` says which). */
  storingChanged?(workspaceId: string): void;
  storage?: ReplicaStorageOptions;
  now?: () => number;
}

const PROBE_EVERY_MS = 30_000;
const CHECK_AFTER_MS = 10_000;

/** File names from workspace ids, which are UUIDs or `demo`, never a path. */
export function replicaFileName(workspaceId: string): string {
  return `${encodeURIComponent(workspaceId)}.replica.sqlite`;
}

function bytesOnDisk(file: string): number {
  let bytes = 0;
  for (const suffix of ['', ...REPLICA_SIDE_FILES]) {
    try {
      bytes += statSync(file + suffix).size;
    } catch {
      // A side file SQLite has not made (or already folded back): nothing on disk.
    }
  }
  return bytes;
}

function closeQuietly(db: ReplicaDatabase): void {
  try {
    db.close();
  } catch {
    // Closing a damaged or full file can fail to fold its WAL back; the WAL stays beside it.
  }
}

/**
 * Every workspace's replica, opened on first use and kept open for the session. The copy is
 * best-effort: `read` and `write` never throw, so no screen loses an answer the service gave
 * because of the disk. A full disk (or another write error) pauses storing until a probe finds
 * room; a damaged file, or one a newer version wrote, is set aside and rebuilt empty.
 */
export function createReplicas(options: ReplicasOptions) {
  const open = new Map<string, Promise<Replica | null>>();
  const rebuilding = new Map<string, Promise<void>>();
  const paused = new Map<string, StoringPause>();
  const probes = new Map<string, NodeJS.Timeout>();
  const checks = new Set<NodeJS.Timeout>();
  const keeps = options.keeps ?? (() => true);
  const now = options.now ?? Date.now;
  const storage = options.storage ?? {};
  let closed = false;

  const fileOf = (workspaceId: string) => join(options.dir!, replicaFileName(workspaceId));

  function limitPages(db: ReplicaDatabase): void {
    if (storage.maxPageCount) db.pragma(`max_page_count = ${Math.floor(storage.maxPageCount())}`);
  }

  function made(workspaceId: string, db: ReplicaDatabase, file: string | null): Replica {
    try {
      limitPages(db);
      return { workspaceId, db, storage: file ? 'file' : 'memory', answers: replicaAnswers(db) };
    } catch (error) {
      // Preparing the statements reads the schema and FTS tables: a damaged page can fail it.
      closeQuietly(db);
      throw error;
    }
  }

  /** Opens the copy; null when it cannot be opened now (a full disk pauses storing until it can). */
  async function opened(workspaceId: string): Promise<Replica | null> {
    try {
      const key = options.dir ? await replicaKey(options.vault, workspaceId) : null;
      if (!key) return made(workspaceId, openReplicaDb({ file: null }), null);
      ensurePrivateDir(options.dir!);
      return openFile(workspaceId, fileOf(workspaceId), key);
    } catch (error) {
      if (classifyStorageError(error, options.dir) === 'full') pause(workspaceId, 'full', error);
      else console.error('callscope: the local copy could not be opened; reads go to the service', error);
      return null;
    }
  }

  /** A damaged file, or one a newer version wrote, is set aside and an empty one opened in its place. */
  function openFile(workspaceId: string, file: string, key: Buffer): Replica {
    const unclean = closedUncleanly(file);
    try {
      const replica = made(workspaceId, openReplicaDb({ file, key }), file);
      if (unclean) checkLater(replica, file, key);
      return replica;
    } catch (error) {
      const fault = classifyStorageError(error, options.dir);
      if (fault !== 'corrupt' && fault !== 'newer-version') throw error;
      setAside(workspaceId, file, fault);
      return made(workspaceId, openReplicaDb({ file, key }), file);
    }
  }

  function setAside(workspaceId: string, file: string | null, fault: StorageFault): void {
    const at = now();
    const keptAt =
      file && existsSync(file)
        ? setReplicaFilesAside(file, fault === 'newer-version' ? 'newer' : 'corrupt', new Date(at))
        : null;
    options.rebuilt?.(workspaceId, { reason: fault === 'newer-version' ? 'newer-version' : 'damaged', keptAt, at });
  }

  /** A file left open by a crash is checked in the background once the first screens have painted. */
  function checkLater(replica: Replica, file: string, key: Buffer): void {
    const timer = setTimeout(async () => {
      checks.delete(timer);
      if (!replica.db.open) return;
      const check = await checkReplicaFile(file, key);
      if (check.verdict === 'damaged') void rebuild(replica, 'corrupt');
      else if (check.verdict === 'unknown')
        console.error(`callscope: the local copy could not be checked (${check.detail})`);
    }, storage.checkAfterMs ?? CHECK_AFTER_MS);
    timer.unref();
    checks.add(timer);
  }

  /** The workspace's replica, or null while nothing may be kept for it (so nothing is stored then). */
  function get(workspaceId: string): Promise<Replica | null> {
    if (closed || !keeps(workspaceId)) return Promise.resolve(null);
    const waiting = rebuilding.get(workspaceId);
    if (waiting) return waiting.then(() => get(workspaceId));
    let replica = open.get(workspaceId);
    if (!replica) {
      // Paused before a copy could be opened (no room to create or upgrade it): the probe opens it.
      if (paused.has(workspaceId)) return Promise.resolve(null);
      const opening = opened(workspaceId);
      replica = opening;
      open.set(workspaceId, opening);
      // None kept on a failure: the next read tries again (a keychain that answers later).
      void opening.then((made) => !made && open.get(workspaceId) === opening && open.delete(workspaceId));
    }
    return replica;
  }

  function rebuild(replica: Replica, fault: StorageFault): Promise<void> {
    const { workspaceId } = replica;
    const running = rebuilding.get(workspaceId);
    if (running) return running;
    const work = (async () => {
      await options.stopping?.(workspaceId);
      if (!replica.db.open) return;
      if ((await open.get(workspaceId)) === replica) open.delete(workspaceId);
      closeQuietly(replica.db);
      resume(workspaceId, false);
      setAside(workspaceId, replica.storage === 'file' ? fileOf(workspaceId) : null, fault);
    })()
      .catch((error: unknown) => console.error('callscope: the damaged local copy could not be set aside', error))
      .finally(() => rebuilding.delete(workspaceId));
    rebuilding.set(workspaceId, work);
    return work;
  }

  function pause(workspaceId: string, fault: StorageFault, error: unknown): void {
    if (paused.has(workspaceId) || closed) return;
    paused.set(workspaceId, {
      reason: fault === 'full' ? 'disk-full' : 'write-failed',
      since: now(),
      code: storageErrorCode(error),
    });
    const timer = setInterval(() => void probe(workspaceId), storage.probeEveryMs ?? PROBE_EVERY_MS);
    timer.unref();
    probes.set(workspaceId, timer);
    options.storingChanged?.(workspaceId);
  }

  function resume(workspaceId: string, announce = true): void {
    clearInterval(probes.get(workspaceId));
    probes.delete(workspaceId);
    if (paused.delete(workspaceId) && announce) options.storingChanged?.(workspaceId);
  }

  const probing = new Set<string>();
  /** One write of some size into the paused copy (or opening it, if even that failed); room again: resumed. */
  async function probe(workspaceId: string): Promise<void> {
    if (probing.has(workspaceId) || closed) return;
    probing.add(workspaceId);
    try {
      const current = open.get(workspaceId);
      if (!current) {
        const replica = await opened(workspaceId);
        if (replica && paused.has(workspaceId)) {
          open.set(workspaceId, Promise.resolve(replica));
          resume(workspaceId);
        } else if (replica) closeQuietly(replica.db);
        return;
      }
      const replica = await current;
      if (!replica?.db.open || !paused.has(workspaceId)) return;
      try {
        limitPages(replica.db);
        probeStorage(replica.db);
        resume(workspaceId);
      } catch (error) {
        const fault = classifyStorageError(error, options.dir);
        if (fault === 'corrupt') void rebuild(replica, fault);
      }
    } finally {
      probing.delete(workspaceId);
    }
  }

  /** What to do about a failed read or write of this replica: its classification. */
  function failed(replica: Replica, error: unknown, during: 'read' | 'write'): StorageFault {
    const fault = classifyStorageError(error, options.dir);
    // Closed meanwhile (removed, or rebuilt by another failure): nothing more to do about it.
    if (!replica.db.open) return fault;
    if (fault === 'corrupt' || fault === 'newer-version') void rebuild(replica, fault);
    // The disk's or SQLite's refusal pauses storing; anything else (an answer the index could not
    // take) loses that one write only.
    else if (during === 'write' && storageErrorCode(error) !== null) pause(replica.workspaceId, fault, error);
    else console.error(`callscope: a ${during} of the local copy failed; the service's answer is used`, error);
    return fault;
  }

  /**
   * `use` on the workspace's copy; null when none is kept, or when reading it failed (a miss: the
   * caller asks the service). A damaged copy is set aside and rebuilt.
   */
  async function read<T>(workspaceId: string, use: (replica: Replica) => T | Promise<T>): Promise<T | null> {
    const replica = await get(workspaceId);
    if (!replica) return null;
    try {
      return await use(replica);
    } catch (error) {
      failed(replica, error, 'read');
      return null;
    }
  }

  /**
   * `use` writing to the workspace's copy; null when none is kept, storing is paused, or the write
   * failed (a full disk pauses storing, a damaged copy is rebuilt). Never throws: the answer being
   * stored is the screen's all the same.
   */
  async function write<T>(workspaceId: string, use: (replica: Replica) => T): Promise<T | null> {
    if (paused.has(workspaceId)) return null;
    const replica = await get(workspaceId);
    if (!replica || paused.has(workspaceId)) return null;
    try {
      limitPages(replica.db);
      return use(replica);
    } catch (error) {
      failed(replica, error, 'write');
      return null;
    }
  }

  return {
    get,
    read,
    write,

    /** Why storing in the workspace's copy is paused; null while it stores. */
    storingPause(workspaceId: string): StoringPause | null {
      return paused.get(workspaceId) ?? null;
    },

    /**
     * For a writer holding a replica (the sync): a write to it failed. Storing pauses ('full',
     * 'other') or the copy is rebuilt ('corrupt', 'newer-version'; the `stopping` hook stops the
     * writer first); returns which.
     */
    reportWriteError(replica: Replica, error: unknown): StorageFault {
      return failed(replica, error, 'write');
    },

    /** What the workspace's copy takes, on disk (file and side files) or in memory; none while off. */
    async size(workspaceId: string): Promise<{ storage: Replica['storage'] | 'off'; bytes: number }> {
      const replica = await get(workspaceId);
      if (!replica) return { storage: 'off', bytes: 0 };
      if (replica.storage === 'memory') {
        const bytes = await read(
          workspaceId,
          ({ db }) =>
            (db.pragma('page_count', { simple: true }) as number) *
            (db.pragma('page_size', { simple: true }) as number),
        );
        return { storage: 'memory', bytes: bytes ?? 0 };
      }
      return { storage: 'file', bytes: bytesOnDisk(fileOf(workspaceId)) };
    },

    /**
     * Signing out, revoking or replacing the key, removing the workspace, turning its local copy
     * off, or "Remove local data": the file, its side files, any copy of it set aside, its key and
     * the open handle go. True when there was a copy to remove.
     */
    async remove(workspaceId: string): Promise<boolean> {
      await rebuilding.get(workspaceId);
      const replica = open.get(workspaceId);
      open.delete(workspaceId);
      resume(workspaceId, false);
      const made = replica ? await replica : null;
      if (made) closeQuietly(made.db);
      const onDisk = options.dir ? deleteReplicaFiles(fileOf(workspaceId)) : false;
      if (options.vault.storage === 'keychain') await options.vault.delete(replicaKeyAccount(workspaceId));
      return made !== null || onDisk;
    },

    async close(): Promise<void> {
      closed = true;
      for (const timer of probes.values()) clearInterval(timer);
      for (const timer of checks) clearTimeout(timer);
      probes.clear();
      checks.clear();
      await Promise.all(rebuilding.values());
      const all = [...open.values()];
      open.clear();
      for (const replica of all) {
        const made = await replica;
        if (made) closeQuietly(made.db);
      }
    },
  };
}

export type Replicas = ReturnType<typeof createReplicas>;
