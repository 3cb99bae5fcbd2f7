import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { foldCase } from './fold-case';

const withSearchFunctions = new WeakSet<Db>();

/**
 * A compiled statement of search's SQL. The first use on a connection registers the SQL function
 * the scans call, which the statement needs before it can compile. `pluck` statements are kept
 * apart by the shared cache (db/prepared.ts), so plucking never changes a statement another caller holds.
 */
export function statement(db: Db, sql: string, mode: 'rows' | 'pluck' = 'rows'): ReturnType<Db['prepare']> {
  if (!withSearchFunctions.has(db)) {
    db.function('callscope_folded_contains', { deterministic: true }, (text, needle) =>
      foldCase(String(text)).includes(String(needle)) ? 1 : 0,
    );
    withSearchFunctions.add(db);
  }
  return prepared(db, sql, mode);
}
