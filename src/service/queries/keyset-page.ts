import { DEFAULT_LIMIT } from '../../shared/api/primitives';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { decodeCursor, encodeCursor } from './keyset-cursor';

export interface KeysetRow {
  id: string;
  created_at: string;
}

export interface KeysetQuery {
  /** `SELECT ... FROM ...`; the selected row must expose `id` and `created_at`. */
  from: string;
  /** Conditions joined with AND, e.g. `v.org_id = ?`. */
  where: readonly string[];
  params: readonly unknown[];
  /** The columns behind `created_at` and `id`, qualified when the query joins. */
  createdAtColumn: string;
  idColumn: string;
  cursor?: string;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * The one keyset pager of the five paginated collections (interface, Pagination 2-7): order
 * created_at desc, id desc; the next page starts strictly after the cursor's (created_at, id), so
 * rows inserted meanwhile (newer) never show up mid-iteration and no id is on two pages.
 */
export function keysetPage<Row extends KeysetRow>(db: Db, query: KeysetQuery): Page<Row> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = decodeCursor(query.cursor);
  const where = [...query.where];
  const params = [...query.params];
  if (after) {
    const { createdAtColumn: created, idColumn: id } = query;
    where.push(`(${created} < ? OR (${created} = ? AND ${id} < ?))`);
    params.push(after.createdAt, after.createdAt, after.id);
  }
  const sql = `${query.from} WHERE ${where.join(' AND ')}
    ORDER BY ${query.createdAtColumn} DESC, ${query.idColumn} DESC LIMIT ?`;
  const rows = prepared(db, sql).all(...params, limit + 1) as Row[];
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  return {
    items,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

export function mapPage<Row, T>(page: Page<Row>, map: (row: Row) => T): Page<T> {
  return { ...page, items: page.items.map(map) };
}
