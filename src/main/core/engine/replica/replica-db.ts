import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { ensurePrivateFile, narrowIfPresent } from '../../../../node-shared/private-files';
import { fillModelIfPending } from './model/workspace-model';
import { migrateReplica } from './replica-schema';

export type ReplicaDatabase = Database.Database;

/** Where a replica lives: an encrypted file, or memory for this session only (no keychain for its key). */
export type ReplicaLocation = { file: string; key: Buffer } | { file: null };

/** SQLite's files beside a database file (WAL, its index, a rollback journal). */
export const REPLICA_SIDE_FILES = ['-wal', '-shm', '-journal'];

/** Why a file was set aside, in its new name: `<file>.corrupt-<time>` or `<file>.newer-<time>`. */
export type SetAsideReason = 'corrupt' | 'newer';

/**
 * The pragmas that make a connection read a replica file: SQLCipher-format pages (SQLite3MultipleCiphers'
 * `sqlcipher` scheme) under a raw 256-bit key, so no passphrase derivation runs at open.
 */
export function cipherPragmas(key: Buffer): string[] {
  return [`cipher='sqlcipher'`, `key="x'${key.toString('hex')}'"`];
}

/** The newest schema, and the workspace model filled from the answers held when it is new. */
function upgrade(db: ReplicaDatabase): void {
  migrateReplica(db);
  fillModelIfPending(db);
}

/**
 * Opens (creating when absent) a workspace's replica. A file is created empty at 0600 first so
 * SQLite's side files get the same mode. A wrong key fails here, at the first read, not later.
 */
export function openReplicaDb(location: ReplicaLocation): ReplicaDatabase {
  if (location.file === null) {
    const db = new Database(':memory:');
    upgrade(db);
    return db;
  }
  ensurePrivateFile(location.file);
  const db = new Database(location.file);
  try {
    for (const pragma of cipherPragmas(location.key)) db.pragma(pragma);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    upgrade(db);
  } catch (error) {
    db.close();
    throw error;
  }
  for (const suffix of REPLICA_SIDE_FILES) narrowIfPresent(location.file + suffix);
  return db;
}

/**
 * Whether the file was left open by a session that did not end cleanly: SQLite folds the WAL back
 * into the file and deletes it when the last connection closes, so a WAL found before opening was
 * left by a crash, a kill or a power cut (or a close that found no room to fold it back).
 */
export function closedUncleanly(file: string): boolean {
  return existsSync(`${file}-wal`);
}

/**
 * Moves a closed replica file out of the way with its side files (SQLite finds `<kept>-wal`
 * beside `<kept>`, so what the WAL held is kept too), beside it in the same owner-only folder.
 * Nothing is deleted: the person (or support) may want what it holds. Returns where it went.
 */
export function setReplicaFilesAside(file: string, reason: SetAsideReason, at: Date): string {
  const keptAt = `${file}.${reason}-${at.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', ...REPLICA_SIDE_FILES]) {
    if (existsSync(file + suffix)) renameSync(file + suffix, keptAt + suffix);
  }
  return keptAt;
}

/**
 * Deletes the file, its side files and every copy of it set aside: the copy's key is going, and
 * with it any way to read them. True when any of them was there.
 */
export function deleteReplicaFiles(file: string): boolean {
  const folder = dirname(file);
  const setAside = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((entry) =>
      (['corrupt', 'newer'] as const).some((reason) => entry.startsWith(`${basename(file)}.${reason}-`)),
    )
    .map((entry) => join(folder, entry));
  const all = [...['', ...REPLICA_SIDE_FILES].map((suffix) => file + suffix), ...setAside];
  const existed = all.some((path) => existsSync(path));
  for (const path of all) rmSync(path, { force: true });
  return existed;
}

/** How much the storage probe writes: room for a large answer, not just a row. */
const STORAGE_PROBE_BYTES = 256 * 1024;

/**
 * Writes a blob into the file and deletes it again, each its own commit, so it throws as a
 * real store would on a disk with no room (or a file at its page limit). The pages it used are
 * free again afterwards, for the next answers.
 */
export function probeStorage(db: ReplicaDatabase): void {
  const clear = db.prepare('DELETE FROM storage_probe');
  // One left behind when a full disk failed the last probe's delete.
  clear.run();
  db.prepare('INSERT INTO storage_probe (filler) VALUES (zeroblob(?))').run(STORAGE_PROBE_BYTES);
  clear.run();
}
