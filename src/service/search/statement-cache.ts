import type { Db } from '../db/database';
import { foldCase } from './fold-case';

const prepared = new WeakMap<Db, Map<string, ReturnType<Db['prepare']>>>();

/**
 * A prepared statement per connection and SQL text, so the variants search builds are compiled
 * once. The first use on a connection registers the SQL function the scans call.
 */
export function statement(db: Db, sql: string): ReturnType<Db['prepare']> {
  let cache = prepared.get(db);
  if (!cache) {
    db.function('callscope_folded_contains', { deterministic: true }, (text, needle) =>
      foldCase(String(text)).includes(String(needle)) ? 1 : 0,
    );
    cache = new Map();
    prepared.set(db, cache);
  }
  let found = cache.get(sql);
  if (!found) {
    found = db.prepare(sql);
    cache.set(sql, found);
  }
  return found;
}
