import { workspaceModel } from './model/workspace-model';
import type { ReplicaDatabase } from './replica-db';
import { transcriptIndex } from './transcript-index';

export interface StoredAnswer {
  body: unknown;
  /** When the service gave it (ms since the epoch). */
  fetchedAt: number;
}

/**
 * Params as one string whatever order their keys came in, leaving out absent ones, so the same
 * screen finds the same answer.
 */
export function canonicalParams(params: Record<string, unknown>): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** An answer without its request id, which is new on every read of the same data. */
function contentOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return JSON.stringify(body);
  const { meta, ...rest } = body as { meta?: Record<string, unknown> };
  const { request_id: _requestId, ...otherMeta } = meta ?? {};
  return JSON.stringify({ ...rest, meta: otherMeta });
}

/** The answers table: every read the app made, by operation and params. */
export function replicaAnswers(db: ReplicaDatabase) {
  const select = db.prepare<[string, string], { body: string; fetched_at: number }>(
    'SELECT body, fetched_at FROM answers WHERE op = ? AND params = ?',
  );
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO answers (op, params, body, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (op, params) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at`,
  );
  const index = transcriptIndex(db);
  const model = workspaceModel(db);
  // The answer and what search and the model derive from it commit together.
  const store = db.transaction((op: string, params: string, body: unknown, fetchedAt: number, changed: boolean) => {
    upsert.run(op, params, JSON.stringify(body), fetchedAt);
    const read = Object.fromEntries(JSON.parse(params) as [string, unknown][]);
    index.indexAnswer(op, read, body, changed);
    model.indexAnswer(op, read, body, fetchedAt);
  });
  const newest = db.prepare<[], { at: number | null }>('SELECT max(fetched_at) AS at FROM answers');

  return {
    get(op: string, params: string): StoredAnswer | null {
      const row = select.get(op, params);
      return row ? { body: JSON.parse(row.body), fetchedAt: row.fetched_at } : null;
    },
    /** Stores the answer; true when its content differs from what was stored (the screen must repaint). */
    put(op: string, params: string, body: unknown, fetchedAt: number): boolean {
      const before = select.get(op, params);
      const changed = !before || contentOf(JSON.parse(before.body)) !== contentOf(body);
      store(op, params, body, fetchedAt, changed);
      return changed;
    },
    /**
     * Keeps records a list page showed where search and offline lists find them, without keeping
     * the page as an answer: it showed others too, which the copy does not keep (its scope).
     */
    indexListed: db.transaction((op: 'listVideos' | 'listDeals', records: unknown[], seenAt: number) => {
      index.indexAnswer(op, {}, { data: records }, true);
      model.indexAnswer(op, {}, { data: records }, seenAt);
    }),
    /** When the service last answered a read kept here; null for an empty replica. */
    lastFetchedAt(): number | null {
      return newest.get()?.at ?? null;
    },
  };
}

export type ReplicaAnswers = ReturnType<typeof replicaAnswers>;
