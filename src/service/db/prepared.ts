import type { Statement as SqliteStatement } from 'better-sqlite3';
import type { Db } from './database';

type Statement = SqliteStatement<unknown[]>;
type Mode = 'rows' | 'pluck' | 'raw';

const compiled = new WeakMap<Db, Map<string, Statement>>();

/**
 * A statement compiled once per connection and reused: compiling SQL on every request cost the
 * service more than running it (docs/benchmarks.md, throughput). `pluck` and `raw` statements
 * are kept apart, since each is a setting of the statement itself.
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
    statement = db.prepare<unknown[]>(sql);
    if (mode === 'pluck') statement.pluck();
    if (mode === 'raw') statement.raw();
    statements.set(key, statement);
  }
  return statement;
}
