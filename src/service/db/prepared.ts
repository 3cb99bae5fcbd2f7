import type { Statement as SqliteStatement } from 'better-sqlite3';
import type { Db } from './database';

type Statement = SqliteStatement<unknown[]>;
type Mode = 'rows' | 'pluck';

const compiled = new WeakMap<Db, Record<Mode, Map<string, Statement>>>();

/**
 * A statement compiled once per connection and reused: compiling SQL on every request cost the
 * service more than running it (docs/benchmarks.md, throughput). `pluck` statements are kept
 * apart, since plucking is a setting of the statement itself. Each mode has its own map keyed by
 * the SQL text as written, so a lookup hashes a literal (its hash kept) rather than a new string.
 */
export function prepared(db: Db, sql: string, mode: Mode = 'rows'): Statement {
  let statements = compiled.get(db);
  if (!statements) {
    statements = { rows: new Map(), pluck: new Map() };
    compiled.set(db, statements);
  }
  let statement = statements[mode].get(sql);
  if (!statement) {
    statement = mode === 'pluck' ? db.prepare<unknown[]>(sql).pluck() : db.prepare<unknown[]>(sql);
    statements[mode].set(sql, statement);
  }
  return statement;
}
