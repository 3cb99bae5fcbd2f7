import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import type { StoredAnswer } from './replica-answers';
import { canonicalParams } from './replica-answers';
import { cipherPragmas, type ReplicaDatabase } from './replica-db';
import { newestReplicaVersion } from './replica-schema';
import { replicaFileName } from './replicas';

export interface CopyReaderOptions {
  /** The folder of replica files. */
  dir: string;
  /** The copy's key as the keychain holds it; null when there is none (so no copy to read). */
  key(workspaceId: string): Promise<Buffer | null>;
}

interface Connection {
  db: ReplicaDatabase;
  answer: (op: string, params: string) => { body: string; fetched_at: number } | undefined;
}

/**
 * Connections that only read the copies the engine's own connection writes. In WAL mode a reader
 * sees every transaction committed before its statement began and none in progress, so a read
 * here never waits for the sync's write and never sees half of one. Only a file the engine has
 * opened and brought to the newest schema is read: anything else is "not held here", and the
 * caller asks the engine.
 */
export function createCopyReader(options: CopyReaderOptions) {
  const open = new Map<string, Promise<Connection | null>>();

  async function opened(workspaceId: string): Promise<Connection | null> {
    const file = join(options.dir, replicaFileName(workspaceId));
    if (!existsSync(file)) return null;
    const key = await options.key(workspaceId);
    if (!key) return null;
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      for (const pragma of cipherPragmas(key)) db.pragma(pragma);
      if (db.pragma('user_version', { simple: true }) !== newestReplicaVersion()) {
        db.close();
        return null;
      }
      const select = db.prepare<[string, string], { body: string; fetched_at: number }>(
        'SELECT body, fetched_at FROM answers WHERE op = ? AND params = ?',
      );
      return { db, answer: (op, params) => select.get(op, params) };
    } catch (error) {
      db.close();
      throw error;
    }
  }

  function connection(workspaceId: string): Promise<Connection | null> {
    let made = open.get(workspaceId);
    if (!made) {
      made = opened(workspaceId);
      open.set(workspaceId, made);
      // None kept when there was nothing to open: the next read looks again.
      void made.then(
        (connection) => !connection && open.get(workspaceId) === made && open.delete(workspaceId),
        () => open.get(workspaceId) === made && open.delete(workspaceId),
      );
    }
    return made;
  }

  /** `use` on the workspace's connection; one that failed is closed, to be opened afresh. */
  async function withConnection<T>(workspaceId: string, use: (connection: Connection) => T | Promise<T>) {
    const made = await connection(workspaceId);
    if (!made) return null;
    try {
      return await use(made);
    } catch (error) {
      await drop(workspaceId);
      throw error;
    }
  }

  /** Closes the workspace's connection, so nothing holds the file when it is removed or the app ends. */
  async function drop(workspaceId: string): Promise<void> {
    const made = open.get(workspaceId);
    open.delete(workspaceId);
    (await made?.catch(() => null))?.db.close();
  }

  return {
    /** The answer the copy holds for this read, as stored; null when none (or no copy to read). */
    storedAnswer(workspaceId: string, op: string, params: Record<string, unknown>): Promise<StoredAnswer | null> {
      return withConnection(workspaceId, ({ answer }) => {
        const row = answer(op, canonicalParams(params));
        return row ? { body: JSON.parse(row.body), fetchedAt: row.fetched_at } : null;
      }).then((stored) => stored ?? null);
    },

    /** The copy was removed, rebuilt or set aside: its connection goes, and the next read opens what is there. */
    drop,

    async close(): Promise<void> {
      await Promise.all([...open.keys()].map(drop));
    },
  };
}

export type CopyReader = ReturnType<typeof createCopyReader>;
