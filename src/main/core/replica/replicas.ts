import { join } from 'node:path';
import { ensurePrivateDir } from '../../../node-shared/private-files';
import type { KeyVault } from '../key-vault/key-vault';
import { type ReplicaAnswers, replicaAnswers } from './replica-answers';
import { deleteReplicaFiles, openReplicaDb, type ReplicaDatabase } from './replica-db';
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
}

/** File names from workspace ids, which are UUIDs or `demo`, never a path. */
function fileName(workspaceId: string): string {
  return `${encodeURIComponent(workspaceId)}.replica.sqlite`;
}

/** Every workspace's replica, opened on first use and kept open for the session. */
export function createReplicas(options: ReplicasOptions) {
  const open = new Map<string, Promise<Replica>>();

  async function openDb(workspaceId: string): Promise<Pick<Replica, 'db' | 'storage'>> {
    const key = options.dir ? await replicaKey(options.vault, workspaceId) : null;
    if (!options.dir || !key) return { db: openReplicaDb({ file: null }), storage: 'memory' };
    ensurePrivateDir(options.dir);
    const file = join(options.dir, fileName(workspaceId));
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

  return {
    get(workspaceId: string): Promise<Replica> {
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
    },

    /** Signing out, revoking the key or "Remove local data": the file, its key and the open handle go. */
    async remove(workspaceId: string): Promise<void> {
      const replica = open.get(workspaceId);
      open.delete(workspaceId);
      if (replica) (await replica.catch(() => null))?.db.close();
      if (options.dir) deleteReplicaFiles(join(options.dir, fileName(workspaceId)));
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
