import type { Statement as SqliteStatement } from 'better-sqlite3';
import type { Db } from './database';

type Statement = SqliteStatement<unknown[]>;
type Mode = 'rows' | 'pluck';

const compiled = new WeakMap<Db, Map<string, Statement>>();

/**
 * A statement compiled once per connection and reused: compiling SQL on every request cost the
 * service more than running it (docs/benchmarks.md, throughput). `pluck` statements are kept
 * apart, since plucking is a setting of the statement itself.
 */
export function prepared(db: Db, sql: string, mode: Mode = 'rows'): Statement {
  let statements = compiled.get(db);
  if (!statements) {
    statements = new Map();
    compiled.set(db, statements);
  }
  const key = `${mode}\u0000${sql}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = mode === 'pluck' ? db.prepare<unknown[]>(sql).pluck() : db.prepare<unknown[]>(sql);
    statements.set(key, statement);
  }
  return statement;
}
