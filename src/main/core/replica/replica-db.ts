import { rmSync } from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { ensurePrivateFile, narrowIfPresent } from '../../../node-shared/private-files';
import { migrateReplica } from './replica-schema';

export type ReplicaDatabase = Database.Database;

/** Where a replica lives: an encrypted file, or memory for this session only (no keychain for its key). */
export type ReplicaLocation = { file: string; key: Buffer } | { file: null };

/** SQLite's files beside a database file (WAL, its index, a rollback journal). */
export const REPLICA_SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Opens (creating when absent) a workspace's replica. A file is SQLCipher-format pages
 * (SQLite3MultipleCiphers' `sqlcipher` scheme) under a raw 256-bit key, so no passphrase
 * derivation runs at open; it is created empty at 0600 first so SQLite's side files get the
 * same mode. A wrong key fails here, at the first read, not later.
 */
export function openReplicaDb(location: ReplicaLocation): ReplicaDatabase {
  if (location.file === null) {
    const db = new Database(':memory:');
    migrateReplica(db);
    return db;
  }
  ensurePrivateFile(location.file);
  const db = new Database(location.file);
  try {
    db.pragma(`cipher='sqlcipher'`);
    db.pragma(`key="x'${location.key.toString('hex')}'"`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrateReplica(db);
  } catch (error) {
    db.close();
    throw error;
  }
  for (const suffix of REPLICA_SIDE_FILES) narrowIfPresent(location.file + suffix);
  return db;
}

export function deleteReplicaFiles(file: string): void {
  for (const suffix of ['', ...REPLICA_SIDE_FILES]) rmSync(file + suffix, { force: true });
}
