import { callFiguresWriter, type HeldLine } from './coaching/call-figures';
import { notFoundIn } from './kept-not-found';
import { number, type Row, recordsIn, text } from './model/fields';
import type { ReplicaDatabase } from './replica-db';

/** The calls and deals whose rows in the search tables were written since what was read of them. */
export interface SearchTablesChange {
  calls: readonly string[];
  deals: readonly string[];
}

interface ChangeLog {
  version: number;
  /** The newest writes, each with the version it moved to, oldest first. */
  entries: (SearchTablesChange & { version: number })[];
}

/**
 * Writes kept for a reader to catch up from: a reader further behind (more writes since it last
 * read than this) reads everything again, as a whole read costs less than that many small ones.
 */
const LOG_LIMIT = 500;

const logs = new WeakMap<ReplicaDatabase, ChangeLog>();

/** Grows with every write to the search tables, so what was read of them can be kept until then. */
export function searchTablesVersion(db: ReplicaDatabase): number {
  return logs.get(db)?.version ?? 0;
}

/**
 * The search tables were written to for these calls and deals: what was read of them is read
 * again, of them only (a transcript stored during a sync names its one call).
 */
export function searchTablesChanged(db: ReplicaDatabase, change: SearchTablesChange): void {
  let log = logs.get(db);
  if (!log) {
    log = { version: 0, entries: [] };
    logs.set(db, log);
  }
  log.version += 1;
  log.entries.push({ version: log.version, calls: change.calls, deals: change.deals });
  if (log.entries.length > LOG_LIMIT) log.entries.shift();
}

/**
 * The calls and deals written since a reader read at version `seen` (`searchTablesVersion` then);
 * null when the writes since are no longer all kept: the reader reads everything again. Each
 * reader keeps its own version, so any number of them can follow the same writes.
 */
export function searchTablesChangesSince(db: ReplicaDatabase, seen: number): SearchTablesChange | null {
  const log = logs.get(db);
  if (!log || log.version === seen) return { calls: [], deals: [] };
  const since = log.entries.filter((entry) => entry.version > seen);
  if (since.length !== log.version - seen) return null;
  return {
    calls: [...new Set(since.flatMap((entry) => entry.calls))],
    deals: [...new Set(since.flatMap((entry) => entry.deals))],
  };
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
