import { notFoundIn } from './kept-not-found';
import type { ReplicaDatabase } from './replica-db';
import { epochMs } from './timestamp';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const versions = new WeakMap<ReplicaDatabase, number>();

/** Grows with every write to the search tables, so what was read of them can be kept until then. */
export function searchTablesVersion(db: ReplicaDatabase): number {
  return versions.get(db) ?? 0;
}

/** Whatever was read of the search tables is read again. */
export function markSearchTablesChanged(db: ReplicaDatabase): void {
  versions.set(db, searchTablesVersion(db) + 1);
}

/**
 * Keeps the search tables in step with the answers stored: a transcript's segments (replaced
 * whole), and each call and deal as its list or detail last gave it (what search filters and
 * groups on, and what an offline list is answered from). Fields are read tolerantly: another
 * service may leave any of them out.
 */
export function transcriptIndex(db: ReplicaDatabase) {
  const clearSegments = db.prepare<[string]>('DELETE FROM segments WHERE video_id = ?');
  const clearSpan = db.prepare<[string]>('DELETE FROM segment_spans WHERE video_id = ?');
  const insertSpan = db.prepare<[string, number | bigint, number | bigint]>(
    'INSERT INTO segment_spans (video_id, first_rowid, last_rowid) VALUES (?, ?, ?)',
  );
  const markHeld = db.prepare<[string]>('INSERT OR IGNORE INTO transcripts_held (video_id) VALUES (?)');
  const unmarkHeld = db.prepare<[string]>('DELETE FROM transcripts_held WHERE video_id = ?');
  const insertSegment = db.prepare<[string, number, string, string, number | null, string | null, string | null]>(
    `INSERT INTO segments (video_id, position, segment_id, text, start, speaker, speaker_role)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const upsertCall = db.prepare<
    [string, string | null, string | null, string | null, string | null, number | null, string]
  >(
    `INSERT INTO calls (id, title, deal_id, created_at, status, created_ms, body) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, deal_id = excluded.deal_id,
       created_at = excluded.created_at, status = excluded.status, created_ms = excluded.created_ms, body = excluded.body`,
  );
  const upsertDeal = db.prepare<[string, string | null, string | null, string | null, number | null, string]>(
    `INSERT INTO deals (id, title, status, created_at, created_ms, body) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, status = excluded.status,
       created_at = excluded.created_at, created_ms = excluded.created_ms, body = excluded.body`,
  );

  function records(data: unknown): Row[] {
    const list = Array.isArray(data) ? data : [data];
    return list.filter((item): item is Row => typeof item === 'object' && item !== null && typeof item.id === 'string');
  }

  return {
    /** Called with every answer stored; the ones that feed search are indexed. */
    indexAnswer(op: string, params: Record<string, unknown>, body: unknown): void {
      const data = (body as { data?: unknown } | null)?.data;
      if (['getTranscript', 'listVideos', 'getVideo', 'listDeals', 'getDeal'].includes(op)) {
        markSearchTablesChanged(db);
      }
      // A transcript's answer replaces its segments whole; one without segments (its 404) leaves none.
      if (op === 'getTranscript' && typeof params.id === 'string') {
        clearSegments.run(params.id);
        clearSpan.run(params.id);
        // Searched here only when its lines are held, or the service said it has none (its 404).
        if (Array.isArray(data) || notFoundIn(body)) markHeld.run(params.id);
        else unmarkHeld.run(params.id);
        if (!Array.isArray(data)) return;
        let first: number | bigint | null = null;
        let last: number | bigint | null = null;
        data.forEach((segment: Row, position) => {
          const line = text(segment?.text);
          if (line === null) return;
          last = insertSegment.run(
            params.id as string,
            position,
            text(segment.id) ?? String(position),
            line,
            number(segment.start),
            text(segment.speaker),
            text(segment.speaker_role),
          ).lastInsertRowid;
          first ??= last;
        });
        if (first !== null && last !== null) insertSpan.run(params.id, first, last);
      } else if (op === 'listVideos' || op === 'getVideo') {
        for (const call of records(data)) {
          const createdAt = text(call.created_at);
          upsertCall.run(
            call.id as string,
            text(call.title),
            text(call.deal_id),
            createdAt,
            text(call.status),
            epochMs(createdAt),
            JSON.stringify(call),
          );
        }
      } else if (op === 'listDeals' || op === 'getDeal') {
        for (const record of records(data)) {
          // What the detail adds to the list item (the interface's Deal): a list answered offline leaves it out.
          const { probability: _probability, score_factors: _scoreFactors, ...deal } = record;
          const createdAt = text(deal.created_at);
          upsertDeal.run(
            deal.id as string,
            text(deal.title),
            text(deal.status),
            createdAt,
            epochMs(createdAt),
            JSON.stringify(deal),
          );
        }
      }
    },
  };
}
