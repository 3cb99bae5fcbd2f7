import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cipherPragmas, openReplicaDb } from '../engine/replica/replica-db';

const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Opens the replica, stores one answer, and is killed with SIGKILL before it can close. */
const WRITE_THEN_DIE = `
const Database = require('better-sqlite3-multiple-ciphers');
const db = new Database(process.env.REPLICA_FILE);
for (const pragma of JSON.parse(process.env.REPLICA_PRAGMAS)) db.pragma(pragma);
db.pragma('journal_mode = WAL');
db.prepare('INSERT OR REPLACE INTO answers (op, params, body, fetched_at) VALUES (?, ?, ?, ?)')
  .run('crashTest', '[]', JSON.stringify({ data: process.env.REPLICA_TEXT }), Date.now());
process.kill(process.pid, 'SIGKILL');
`;

/**
 * What a crash, a kill or a power cut leaves of a replica: a process that had it open, with a
 * commit in its WAL not yet folded back into the file, dies without closing it.
 */
export function writeThenCrash(file: string, key: Buffer, text: string): void {
  const run = spawnSync(process.execPath, ['-e', WRITE_THEN_DIE], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      REPLICA_FILE: file,
      REPLICA_PRAGMAS: JSON.stringify(cipherPragmas(key)),
      REPLICA_TEXT: text,
    },
    encoding: 'utf8',
  });
  if (run.signal !== 'SIGKILL') throw new Error(`the writer did not die as planned: ${run.status} ${run.stderr}`);
}

/**
 * Writes garbage over every page of these tables (or over the first page) of a closed replica
 * file, as a failing disk or a stray write would; the number of pages damaged.
 */
export function damage(file: string, key: Buffer, where: string[] | 'first page'): number {
  const db = openReplicaDb({ file, key });
  const size = db.pragma('page_size', { simple: true }) as number;
  const pages =
    where === 'first page'
      ? [1]
      : db
          .prepare<string[], number>(
            `SELECT DISTINCT pageno FROM dbstat WHERE name IN (${where.map(() => '?').join()})`,
          )
          .pluck()
          .all(...where);
  db.close();
  const fd = openSync(file, 'r+');
  for (const page of pages) writeSync(fd, randomBytes(size), 0, size, (page - 1) * size);
  closeSync(fd);
  return pages.length;
}
