import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** Operator faults (`fault set ...`), read on every request so a change reaches a running server at once. */
export type FaultName = 'key-verifier-down' | `job-fail:${string}`;

export function isFaultOn(db: Db, name: FaultName): boolean {
  const value = prepared(db, 'SELECT value FROM faults WHERE name = ?', 'pluck').get(name) as string | undefined;
  return value !== undefined && JSON.parse(value) === true;
}

export function setFault(db: Db, name: FaultName, on: boolean): void {
  if (on) {
    prepared(
      db,
      'INSERT INTO faults (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    ).run(name, 'true');
  } else {
    prepared(db, 'DELETE FROM faults WHERE name = ?').run(name);
  }
}
