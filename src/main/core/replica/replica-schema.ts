import type Database from 'better-sqlite3-multiple-ciphers';

/**
 * Append-only: each entry moves the file from version i to i + 1 (`user_version`), so a replica
 * written by an earlier version is upgraded in place rather than thrown away.
 */
const migrations: string[] = [
  // Every answer the app has read, as the client read it (records left out included), keyed by
  // the operation and its canonical params: what makes a seen screen paint without the service.
  `CREATE TABLE answers (
     op TEXT NOT NULL,
     params TEXT NOT NULL,
     body TEXT NOT NULL,
     fetched_at INTEGER NOT NULL,
     PRIMARY KEY (op, params)
   ) WITHOUT ROWID;`,
  // Background sync: the deals and calls the list walks found, which version of each is stored
  // (`synced_updated_at` = `updated_at` when every part is), the parts stored per version, and
  // where an unfinished walk resumes. Each step commits with what it fetched, so a kill loses
  // at most the request in flight.
  `CREATE TABLE sync_items (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     synced_updated_at TEXT,
     PRIMARY KEY (kind, id)
   ) WITHOUT ROWID;
   CREATE INDEX sync_items_pending ON sync_items (kind, created_at DESC, id DESC);
   CREATE TABLE sync_parts (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     part TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (kind, id, part)
   ) WITHOUT ROWID;
   CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
];

export function migrateReplica(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let next = version; next < migrations.length; next += 1) {
    db.transaction(() => {
      db.exec(migrations[next]!);
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}
