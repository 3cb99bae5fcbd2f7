import { scopeWords } from '../../../../shared/copy-scope';
import type { ReadAnswer } from '../../service-client/api-client/read-response';
import { recordKindOf } from './forget-records';
import { memberNames } from './member-names';
import { canonicalParams } from './replica-answers';
import type { ReplicaDatabase } from './replica-db';
import { type AppliedScope, appliedScope, choiceOf } from './sync/applied-scope';
import { lastRoundEnded } from './sync/sync-store';
import { epochMs } from './timestamp';

const tables = { listVideos: 'calls', listDeals: 'deals' } as const;
/** A deal's or a call's own lists: answered from the first page of each the replica holds. */
const recordLists = ['listScorings', 'listActivities', 'listAnalyses'] as const;
type ListOp = keyof typeof tables | (typeof recordLists)[number];

/** Marks a cursor this module wrote; the service reads it as malformed (its first page), never as ours. */
const LOCAL_CURSOR = 'callscope-local:';

/** Where a record lies in a list ordered newest first: by its `created_at`, then its id. */
export interface Position {
  createdMs: number;
  id: string;
}

/** A list asked for reaches past what the copy keeps (its scope): why, in words. */
export interface OutsideCopy {
  outside: string;
}

/**
 * Offline, a read of a call or a deal the copy does not hold and its sync does not track: it lies
 * outside the copy's scope, and the read says so; null when the copy keeps everything, or tracks
 * the record (not stored yet: the read fails as offline).
 */
export function outsideScope(db: ReplicaDatabase, op: string, params: Record<string, unknown>): OutsideCopy | null {
  const kind = recordKindOf(op);
  const scope = appliedScope(db);
  if (kind === null || scope.kind === 'everything' || typeof params.id !== 'string') return null;
  const tracked = db.prepare('SELECT 1 FROM sync_items WHERE kind = ? AND id = ?').get(kind, params.id);
  if (tracked) return null;
  return {
    outside: `This ${kind === 'videos' ? 'call' : 'deal'} is not in the local copy, which keeps ${scopeWords(choiceOf(scope), memberNames(db))}; it can be read once the service answers again.`,
  };
}

export function isOfflineListOp(op: string): op is ListOp {
  return Object.hasOwn(tables, op) || (recordLists as readonly string[]).includes(op);
}

export const localCursor = (position: Position) =>
  Buffer.from(LOCAL_CURSOR + JSON.stringify([position.createdMs, position.id])).toString('base64url');

/** The position a cursor written here points after; null for any other cursor (the service's). */
export function parseLocalCursor(cursor: string): Position | null {
  const decoded = Buffer.from(cursor, 'base64url').toString();
  if (!decoded.startsWith(LOCAL_CURSOR)) return null;
  try {
    const [createdMs, id] = JSON.parse(decoded.slice(LOCAL_CURSOR.length)) as unknown[];
    return typeof createdMs === 'number' && typeof id === 'string' ? { createdMs, id } : null;
  } catch {
    return null;
  }
}

/**
 * A list the app never read, answered offline as the service would, newest first in keyset pages:
 * calls and deals from those the replica holds (every list page and detail it stored, the sync's
 * walk included, those a whole walk no longer found left out), filtered (`created_after` and
 * `created_before` strict, DELETED only when asked for, design.md); a deal's or a call's own list
 * from the first page of it stored. A cursor is the service's (the page that gave it is stored:
 * the next page starts after its last record) or one written here. Null when the replica cannot
 * place the cursor or does not hold what was asked for (for calls and deals: before a sync round
 * has walked their lists), and the read fails as offline instead.
 */
export function offlineList(
  db: ReplicaDatabase,
  op: ListOp,
  params: Record<string, unknown>,
): ReadAnswer | OutsideCopy | null {
  const cursor = typeof params.cursor === 'string' && params.cursor !== '' ? params.cursor : null;
  const after = cursor === null ? null : (parseLocalCursor(cursor) ?? lastOfPageBefore(db, op, cursor));
  if (cursor !== null && after === null) return null;
  const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
  return op === 'listVideos' || op === 'listDeals'
    ? fromRecords(db, op, params, after, limit)
    : fromStoredFirstPage(db, op, params, after, limit);
}

function answer(records: unknown[], last: Position | null): ReadAnswer {
  // No request made it: no request id. Every record held was read whole when it was stored.
  return {
    data: records,
    meta: { request_id: '', has_more: last !== null, next_cursor: last && localCursor(last) },
    unreadable: [],
  };
}

/**
 * Whether a list reaches past what a copy keeps: the calls of recent months are every call created
 * after its start (a list from then on is whole), but a scope's deals, or its owners' calls, are
 * not a range a list asks for, so any list of them may lack some.
 */
function reachesPast(scope: AppliedScope, op: keyof typeof tables, createdAfter: number | null): boolean {
  if (scope.kind === 'everything') return false;
  if (scope.kind === 'recent' && op === 'listVideos')
    return createdAfter === null || createdAfter < Date.parse(scope.since);
  return true;
}

/** Whether the copy keeps every record this list of calls or deals asks for (its scope does not cut it). */
export function listWithinCopy(db: ReplicaDatabase, op: keyof typeof tables, params: Record<string, unknown>): boolean {
  return !reachesPast(appliedScope(db), op, epochMs(params.created_after));
}

function outsideWords(db: ReplicaDatabase, scope: AppliedScope, op: keyof typeof tables): OutsideCopy {
  const what = op === 'listDeals' ? 'Other deals' : scope.kind === 'recent' ? 'Older calls' : 'Other calls';
  return {
    outside: `${what} are not in the local copy, which keeps ${scopeWords(choiceOf(scope), memberNames(db))}; the service lists them once it answers again.`,
  };
}

function fromRecords(
  db: ReplicaDatabase,
  op: keyof typeof tables,
  params: Record<string, unknown>,
  after: Position | null,
  limit: number,
): ReadAnswer | OutsideCopy | null {
  const table = tables[op];
  // Until a sync round has walked every list, the records held are only those some screen read:
  // a list made of them could say "no calls match" of calls the replica never saw.
  if (lastRoundEnded(db) === null) return null;
  // A copy that keeps part of the workspace lists only what its sync tracks: what screens kept
  // besides is not all there is outside, and the list says where it reaches past the copy.
  const scope = appliedScope(db);
  const createdAfter = epochMs(params.created_after);
  const status = typeof params.status === 'string' ? params.status : null;
  const rows = db
    .prepare<Record<string, unknown>, { id: string; created_ms: number; body: string }>(
      `SELECT id, created_ms, body FROM ${table}
       WHERE body IS NOT NULL AND created_ms IS NOT NULL
         AND (:status IS NULL AND coalesce(status, '') <> 'DELETED' OR status = :status)
         AND (removed_at IS NULL OR :status = 'DELETED')
         AND (:createdAfter IS NULL OR created_ms > :createdAfter)
         AND (:createdBefore IS NULL OR created_ms < :createdBefore)
         AND (:afterMs IS NULL OR created_ms < :afterMs OR (created_ms = :afterMs AND id < :afterId))
         AND (:whole = 1 OR id IN (SELECT id FROM sync_items WHERE kind = :kind))
       ORDER BY created_ms DESC, id DESC LIMIT :take`,
    )
    .all({
      status,
      createdAfter,
      createdBefore: epochMs(params.created_before),
      afterMs: after?.createdMs ?? null,
      afterId: after?.id ?? null,
      whole: scope.kind === 'everything' ? 1 : 0,
      kind: op === 'listVideos' ? 'videos' : 'deals',
      take: limit + 1,
    });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const past = reachesPast(scope, op, createdAfter);
  // Past the copy's last record the list goes on at the service: one more page, which says so.
  if (past && rows.length <= limit && !last) return outsideWords(db, scope, op);
  return answer(
    page.map((row) => JSON.parse(row.body) as unknown),
    (rows.length > limit || past) && last ? { createdMs: last.created_ms, id: last.id } : null,
  );
}

const positionOf = (record: { id?: unknown; created_at?: unknown }): Position | null => {
  const createdMs = epochMs(record.created_at);
  return typeof record.id === 'string' && createdMs !== null ? { createdMs, id: record.id } : null;
};

/** Newest first, as the interface orders every list: by `created_at`, then `id`, descending. */
const comesAfter = (position: Position, after: Position) =>
  position.createdMs < after.createdMs || (position.createdMs === after.createdMs && position.id < after.id);

/**
 * A deal's or a call's list asked for otherwise than its page read it (a card's newest activity,
 * its last ten scorings, the page after a cursor), cut from the first page of it the replica holds.
 * Null where that page ends before what was asked for and the service had more.
 */
function fromStoredFirstPage(
  db: ReplicaDatabase,
  op: (typeof recordLists)[number],
  params: Record<string, unknown>,
  after: Position | null,
  limit: number,
): ReadAnswer | null {
  if (typeof params.id !== 'string') return null;
  const stored = db
    .prepare<[string, string], string>('SELECT body FROM answers WHERE op = ? AND params = ?')
    .pluck()
    .get(op, canonicalParams({ id: params.id }));
  const page = stored ? (JSON.parse(stored) as { data?: unknown; meta?: { has_more?: unknown } }) : null;
  if (!Array.isArray(page?.data)) return null;
  const records = page.data as { id?: unknown; created_at?: unknown }[];
  const positions = records.map(positionOf);
  if (positions.some((position) => position === null)) return null;
  const rest = records.filter((_, index) => after === null || comesAfter(positions[index]!, after));
  const storedMore = page.meta?.has_more === true;
  if (rest.length < limit && storedMore) return null;
  const cut = rest.slice(0, limit);
  return answer(cut, rest.length > limit || storedMore ? positionOf(cut.at(-1)!) : null);
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
    const position = last && positionOf(last);
    if (position) return position;
  }
  return null;
}
