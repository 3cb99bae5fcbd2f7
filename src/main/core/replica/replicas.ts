import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../../../node-shared/private-files';
import type { KeyVault } from '../key-vault/key-vault';
import { type ReplicaAnswers, replicaAnswers } from './replica-answers';
import { deleteReplicaFiles, openReplicaDb, REPLICA_SIDE_FILES, type ReplicaDatabase } from './replica-db';
import { replicaKey, replicaKeyAccount } from './replica-key';

export interface Replica {
  readonly workspaceId: string;
  readonly db: ReplicaDatabase;
  readonly answers: ReplicaAnswers;
  /** 'file': encrypted on disk under a keychain key; 'memory': this session only. */
  readonly storage: 'file' | 'memory';
}

export interface ReplicasOptions {
  vault: KeyVault;
  /** The folder of replica files; null keeps every replica in memory (tests, no user data folder). */
  dir: string | null;
  /** False while nothing may be kept for the workspace (its local copy is off, or its key refused). */
  keeps?(workspaceId: string): boolean;
}

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

/** Every workspace's replica, opened on first use and kept open for the session. */
export function createReplicas(options: ReplicasOptions) {
  const open = new Map<string, Promise<Replica>>();
  const keeps = options.keeps ?? (() => true);

  async function openDb(workspaceId: string): Promise<Pick<Replica, 'db' | 'storage'>> {
    const key = options.dir ? await replicaKey(options.vault, workspaceId) : null;
    if (!options.dir || !key) return { db: openReplicaDb({ file: null }), storage: 'memory' };
    ensurePrivateDir(options.dir);
    const file = join(options.dir, replicaFileName(workspaceId));
    let db: ReplicaDatabase;
    try {
      db = openReplicaDb({ file, key });
    } catch {
      // A file this key cannot read (its keychain entry was lost): it holds only copies of the
      // service's data, so it is replaced rather than kept unreadable forever.
      deleteReplicaFiles(file);
      db = openReplicaDb({ file, key });
    }
    return { db, storage: 'file' };
  }

  /** The workspace's replica, or null while nothing may be kept for it (so nothing is stored then). */
  function get(workspaceId: string): Promise<Replica | null> {
    if (!keeps(workspaceId)) return Promise.resolve(null);
    let replica = open.get(workspaceId);
    if (!replica) {
      replica = openDb(workspaceId).then(({ db, storage }) => ({
        workspaceId,
        db,
        storage,
        answers: replicaAnswers(db),
      }));
      open.set(workspaceId, replica);
      replica.catch(() => open.delete(workspaceId));
    }
    return replica;
  }

  return {
    get,

    /** What the workspace's copy takes, on disk (file and side files) or in memory; none while off. */
    async size(workspaceId: string): Promise<{ storage: Replica['storage'] | 'off'; bytes: number }> {
      const replica = await get(workspaceId);
      if (!replica) return { storage: 'off', bytes: 0 };
      if (replica.storage === 'memory') {
        const pages = replica.db.pragma('page_count', { simple: true }) as number;
        return { storage: 'memory', bytes: pages * (replica.db.pragma('page_size', { simple: true }) as number) };
      }
      return { storage: 'file', bytes: bytesOnDisk(join(options.dir!, replicaFileName(workspaceId))) };
    },

    /**
     * Signing out, revoking or replacing the key, removing the workspace, turning its local copy
     * off, or "Remove local data": the file, its side files, its key and the open handle go.
     */
    async remove(workspaceId: string): Promise<void> {
      const replica = open.get(workspaceId);
      open.delete(workspaceId);
      if (replica) (await replica.catch(() => null))?.db.close();
      if (options.dir) deleteReplicaFiles(join(options.dir, replicaFileName(workspaceId)));
      if (options.vault.storage === 'keychain') await options.vault.delete(replicaKeyAccount(workspaceId));
    },

    async close(): Promise<void> {
      const all = [...open.values()];
      open.clear();
      for (const replica of all) (await replica.catch(() => null))?.db.close();
    },
  };
}

export type Replicas = ReturnType<typeof createReplicas>;
