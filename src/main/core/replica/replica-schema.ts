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
