import type { Video } from '../../../../../shared/api';
import type { ApiResult, DealCallRow, DealCalls, DealCallsParams } from '../../../../../shared/bridge';
import { localCursor, parseLocalCursor } from '../offline-lists';
import type { ReplicaDatabase } from '../replica-db';
import { appliedScope } from '../sync/applied-scope';
import { lastRoundEnded } from '../sync/sync-store';

/** Where a call without a date goes in a deal's calls: after every dated one. */
const UNDATED = Number.MIN_SAFE_INTEGER;

/**
 * A page of a deal's calls from the copy, newest first as every list of the interface (calls
 * without a date last), each with its record: every call held whose deal it is, but those listed
 * DELETED or not found by a whole walk of the calls. Null when the copy may lack some: no walk of
 * the calls ended yet, a scope of recent months (the deal's older calls lie outside), a scope of
 * owners the deal is not of, or a cursor it did not write.
 */
export function dealCallsFromCopy(db: ReplicaDatabase, params: DealCallsParams): DealCalls | null {
  if (lastRoundEnded(db) === null) return null;
  const scope = appliedScope(db);
  if (scope.kind === 'recent') return null;
  if (scope.kind === 'owners' && !db.prepare("SELECT 1 FROM sync_items WHERE kind = 'deals' AND id = ?").get(params.id))
    return null;
  const after = params.cursor ? parseLocalCursor(params.cursor) : null;
  if (params.cursor && !after) return null;
  const limit = params.limit ?? 25;
  const rows = db
    .prepare<Record<string, unknown>, { id: string; position: number; body: string }>(
      `SELECT id, coalesce(created_ms, ${UNDATED}) AS position, body FROM calls
       WHERE deal_id = :dealId AND body IS NOT NULL AND coalesce(status, '') <> 'DELETED' AND removed_at IS NULL
         AND (:afterMs IS NULL OR coalesce(created_ms, ${UNDATED}) < :afterMs
           OR (coalesce(created_ms, ${UNDATED}) = :afterMs AND id < :afterId))
       ORDER BY position DESC, id DESC LIMIT :take`,
    )
    .all({ dealId: params.id, afterMs: after?.createdMs ?? null, afterId: after?.id ?? null, take: limit + 1 });
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page.at(-1) : undefined;
  return {
    data: page.map((row): DealCallRow => {
      const call = JSON.parse(row.body) as Video;
      return { id: row.id, title: call.title ?? null, call };
    }),
    // No request made it: no request id.
    meta: {
      request_id: '',
      has_more: last !== undefined,
      next_cursor: last ? localCursor({ createdMs: last.position, id: last.id }) : null,
    },
    unreadable: [],
    from: 'copy',
  };
}

/**
 * A page of a deal's activities as the deal's calls, where the copy cannot list them: each call an
 * activity links, once, with the title the activity gives; each row reads its call itself.
 */
export function dealCallsFromActivities(page: ApiResult<'listActivities'>): DealCalls {
  const seen = new Set<string>();
  const data: DealCallRow[] = [];
  for (const activity of page.data) {
    const id = activity.video_id;
    if (!id || seen.has(id)) continue;
    seen.add(id);
    data.push({ id, title: activity.video_title ?? null, call: null });
  }
  return { data, meta: page.meta, unreadable: page.unreadable, from: 'activity' };
}
