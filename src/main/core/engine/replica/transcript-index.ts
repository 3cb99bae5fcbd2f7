import { callFiguresWriter, type HeldLine } from './coaching/call-figures';
import { notFoundIn } from './kept-not-found';
import { number, type Row, recordsIn, text } from './model/fields';
import type { ReplicaDatabase } from './replica-db';

/** The calls and deals whose rows in the search tables were written since what was read of them. */
export interface SearchTablesChange {
  calls: readonly string[];
  deals: readonly string[];
}

interface ChangesHeld {
  version: number;
  calls: Set<string>;
  deals: Set<string>;
  /** Nothing was read of them yet: all of it is read. */
  whole: boolean;
}

const held = new WeakMap<ReplicaDatabase, ChangesHeld>();

function changesOf(db: ReplicaDatabase): ChangesHeld {
  let changes = held.get(db);
  if (!changes) {
    changes = { version: 0, calls: new Set(), deals: new Set(), whole: true };
    held.set(db, changes);
  }
  return changes;
}

/** Grows with every write to the search tables, so what was read of them can be kept until then. */
export function searchTablesVersion(db: ReplicaDatabase): number {
  return held.get(db)?.version ?? 0;
}

/**
 * The search tables were written to for these calls and deals: what was read of them is read
 * again, of them only (a transcript stored during a sync names its one call).
 */
export function searchTablesChanged(db: ReplicaDatabase, change: SearchTablesChange): void {
  const changes = changesOf(db);
  changes.version += 1;
  if (!changes.whole) {
    for (const id of change.calls) changes.calls.add(id);
    for (const id of change.deals) changes.deals.add(id);
  }
}

/**
 * The records written since the last call (null: read everything again), forgotten once
 * taken. Its one reader is the search spans' cache (local-search.ts), which applies them.
 */
export function takeSearchTablesChanges(db: ReplicaDatabase): SearchTablesChange | null {
  const changes = changesOf(db);
  const taken = changes.whole ? null : { calls: [...changes.calls], deals: [...changes.deals] };
  changes.calls = new Set();
  changes.deals = new Set();
  changes.whole = false;
  return taken;
}

/**
 * Keeps the transcript index in step with the answers stored: a transcript's segments, replaced
 * whole. What search filters and groups on (each call and deal as its list or detail last gave
 * it) is the workspace model's (model/workspace-model.ts); a write to either moves the version.
 * Fields are read tolerantly: another service may leave any of them out.
 */
export function transcriptIndex(db: ReplicaDatabase) {
  const clearSegments = db.prepare<[string]>('DELETE FROM segments WHERE video_id = ?');
  const clearSpan = db.prepare<[string]>('DELETE FROM segment_spans WHERE video_id = ?');
  const insertSpan = db.prepare<[string, number | bigint, number | bigint]>(
    'INSERT INTO segment_spans (video_id, first_rowid, last_rowid) VALUES (?, ?, ?)',
  );
  const markHeld = db.prepare<[string]>('INSERT OR IGNORE INTO transcripts_held (video_id) VALUES (?)');
  const unmarkHeld = db.prepare<[string]>('DELETE FROM transcripts_held WHERE video_id = ?');
  const insertSegment = db.prepare<
    [string, number, string, string, number | null, number | null, string | null, string | null]
  >(
    `INSERT INTO segments (video_id, position, segment_id, text, start, "end", speaker, speaker_role)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeFigures = callFiguresWriter(db);
  return {
    /**
     * Called with every answer stored (`changed`: its content differs from the answer stored
     * before); the ones that feed search are indexed. A call or deal answered as before leaves
     * what search read of it as it was, so search does not read every call's facts again (11 ms of
     * CPU at 4,000 calls, after every revalidated read); a transcript's lines get new rowids.
     */
    indexAnswer(op: string, params: Record<string, unknown>, body: unknown, changed: boolean): void {
      const data = (body as { data?: unknown } | null)?.data;
      const ids = () => recordsIn(body).map((record) => record.id as string);
      if (op === 'getTranscript' && typeof params.id === 'string')
        searchTablesChanged(db, { calls: [params.id], deals: [] });
      else if (changed && (op === 'listVideos' || op === 'getVideo'))
        searchTablesChanged(db, { calls: ids(), deals: [] });
      else if (changed && (op === 'listDeals' || op === 'getDeal'))
        searchTablesChanged(db, { calls: [], deals: ids() });
      // A transcript's answer replaces its segments whole; one without segments (its 404) leaves none.
      if (op === 'getTranscript' && typeof params.id === 'string') {
        clearSegments.run(params.id);
        clearSpan.run(params.id);
        // Searched here only when its lines are held, or the service said it has none (its 404).
        if (Array.isArray(data) || notFoundIn(body)) markHeld.run(params.id);
        else unmarkHeld.run(params.id);
        const lines: HeldLine[] = [];
        let first: number | bigint | null = null;
        let last: number | bigint | null = null;
        (Array.isArray(data) ? data : []).forEach((segment: Row, position) => {
          const said = text(segment?.text);
          if (said === null) return;
          const line = {
            text: said,
            start: number(segment.start),
            end: number(segment.end),
            speaker: text(segment.speaker),
            speaker_role: text(segment.speaker_role),
          };
          lines.push(line);
          last = insertSegment.run(
            params.id as string,
            position,
            text(segment.id) ?? String(position),
            line.text,
            line.start,
            line.end,
            line.speaker,
            line.speaker_role,
          ).lastInsertRowid;
          first ??= last;
        });
        if (first !== null && last !== null) insertSpan.run(params.id, first, last);
        writeFigures(params.id, lines);
      }
    },
  };
}
