import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, ensurePrivateFile, narrowIfPresent } from '../../node-shared/private-files';
import { type Migration, migrations } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'service.sqlite';

/**
 * Opens (creating when absent) the data directory's database: WAL so readers never wait for the
 * writer, a busy timeout so the CLI and the server can write the same file, foreign keys on,
 * and every pending migration applied. The directory is the owner's alone and the database 0600
 * (it holds the key-signing secret and webhook secrets); SQLite gives its `-wal` and `-shm` files
 * the database file's mode.
 */
export function openDatabase(dataDir: string): Db {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, DATABASE_FILE);
  ensurePrivateFile(file);
  for (const companion of ['-wal', '-shm']) narrowIfPresent(`${file}${companion}`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

export function migrate(db: Db, all: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of all) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
