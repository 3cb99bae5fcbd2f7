import type { ReadAnswer } from '../api-client/read-response';
import type { ReplicaDatabase } from './replica-db';

const tables = { listVideos: 'calls', listDeals: 'deals' } as const;
type ListOp = keyof typeof tables;

/** Marks a cursor this module wrote; the service reads it as malformed (its first page), never as ours. */
const LOCAL_CURSOR = 'callscope-local:';

interface Position {
  createdMs: number;
  id: string;
}

export function isOfflineListOp(op: string): op is ListOp {
  return Object.hasOwn(tables, op);
}

const localCursor = (position: Position) =>
  Buffer.from(LOCAL_CURSOR + JSON.stringify([position.createdMs, position.id])).toString('base64url');

function parseLocalCursor(cursor: string): Position | null {
  const decoded = Buffer.from(cursor, 'base64url').toString();
  if (!decoded.startsWith(LOCAL_CURSOR)) return null;
  try {
    const [createdMs, id] = JSON.parse(decoded.slice(LOCAL_CURSOR.length)) as unknown[];
    return typeof createdMs === 'number' && typeof id === 'string' ? { createdMs, id } : null;
  } catch {
    return null;
  }
}

function timestamp(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A list the app never read, answered offline from the calls and deals the replica holds (every
 * list page and detail it stored, the sync's walk included), as the service would: filtered
 * (`created_after` and `created_before` strict, DELETED only when asked for, design.md), newest
 * first, keyset pages. A cursor is the service's (the page that gave it is stored: the next page
 * starts after its last record) or one written here. Null when the replica cannot place the
 * cursor or holds none of these records: the read fails as offline instead.
 */
export function offlineList(db: ReplicaDatabase, op: ListOp, params: Record<string, unknown>): ReadAnswer | null {
  const table = tables[op];
  const cursor = typeof params.cursor === 'string' && params.cursor !== '' ? params.cursor : null;
  const after = cursor === null ? null : (parseLocalCursor(cursor) ?? lastOfPageBefore(db, op, cursor));
  if (cursor !== null && after === null) return null;
  const held = db.prepare<[], number>(`SELECT count(*) FROM ${table} WHERE body IS NOT NULL`).pluck().get();
  if (!held) return null;

  const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
  const status = typeof params.status === 'string' ? params.status : null;
  const rows = db
    .prepare<Record<string, unknown>, { id: string; created_ms: number; body: string }>(
      `SELECT id, created_ms, body FROM ${table}
       WHERE body IS NOT NULL AND created_ms IS NOT NULL
         AND (:status IS NULL AND coalesce(status, '') <> 'DELETED' OR status = :status)
         AND (:createdAfter IS NULL OR created_ms > :createdAfter)
         AND (:createdBefore IS NULL OR created_ms < :createdBefore)
         AND (:afterMs IS NULL OR created_ms < :afterMs OR (created_ms = :afterMs AND id < :afterId))
       ORDER BY created_ms DESC, id DESC LIMIT :take`,
    )
    .all({
      status,
      createdAfter: timestamp(params.created_after),
      createdBefore: timestamp(params.created_before),
      afterMs: after?.createdMs ?? null,
      afterId: after?.id ?? null,
      take: limit + 1,
    });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    data: page.map((row) => JSON.parse(row.body) as unknown),
    // No request made it: no request id. Every record held was read whole when it was stored.
    meta: {
      request_id: '',
      has_more: hasMore,
      next_cursor: hasMore ? localCursor({ createdMs: last.created_ms, id: last.id }) : null,
    },
    unreadable: [],
  };
}

/** Where the service's cursor points: after the last record of the stored page that gave it. */
function lastOfPageBefore(db: ReplicaDatabase, op: ListOp, cursor: string): Position | null {
  const bodies = db
    .prepare<[string, string], string>(
      `SELECT body FROM answers WHERE op = ? AND json_extract(body, '$.meta.next_cursor') = ?`,
    )
    .pluck()
    .all(op, cursor);
  for (const body of bodies) {
    const last = (JSON.parse(body) as { data?: { id?: unknown; created_at?: unknown }[] }).data?.at(-1);
    const createdMs = timestamp(last?.created_at);
    if (typeof last?.id === 'string' && createdMs !== null) return { createdMs, id: last.id };
  }
  return null;
}
