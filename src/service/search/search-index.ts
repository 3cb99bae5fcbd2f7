import type { Db } from '../db/database';
import { type ResultRow, resultColumns, scanMatch, searchOrder } from './scan-match';
import { statement } from './statement-cache';

/** Index rowids are `slot * KEY_SPAN + segment rowid` (migration 5): one organisation, one range. */
const KEY_SPAN = 2 ** 40;
const inOrganisation = `BETWEEN @base AND @base + ${KEY_SPAN - 1}`;

/**
 * How the first page of an indexed search is found; the count always comes from the index alone.
 * Up to `sparseMatches` matches, every match's row is read and sorted. Beyond that, the
 * organisation's calls are taken newest first in growing batches (2, 8, 32, ...) until the page
 * is full, so a common term costs a handful of rows instead of one row read per match. A batch's
 * matches come from scanning its lines when matches are dense (the page should fill within
 * `denseCalls` calls), and from the index otherwise. After `walkedCalls` calls without a full page
 * (matches crowded in old calls), every match is read after all.
 */
export interface SearchTuning {
  sparseMatches: number;
  denseCalls: number;
  walkedCalls: number;
}
export const defaultTuning: SearchTuning = { sparseMatches: 1000, denseCalls: 16, walkedCalls: 2000 };

const countMatches = `SELECT count(*) FROM transcript_search
  WHERE transcript_search MATCH @phrase AND rowid ${inOrganisation}`;
const everyMatch = `SELECT ${resultColumns}
  FROM transcript_search f
  JOIN transcript_segments s ON s.rowid = f.rowid - @base
  JOIN videos v ON v.id = s.video_id
  WHERE f.transcript_search MATCH @phrase AND f.rowid ${inOrganisation}
  ORDER BY ${searchOrder} LIMIT @limit`;
const countCalls = `SELECT count(*) FROM videos WHERE org_id = @orgId AND status != 'DELETED'`;
const callsNewestFirst = `SELECT id, created_at FROM videos
  WHERE org_id = @orgId AND status != 'DELETED'
    AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))
  ORDER BY created_at DESC, id DESC LIMIT @batch`;
const inBatch = 's.video_id IN (SELECT value FROM json_each(@ids))';
const batchRowids = `SELECT min(s.rowid) AS low, max(s.rowid) AS high FROM transcript_segments s WHERE ${inBatch}`;
const batchMatchesFromIndex = `SELECT ${resultColumns}
  FROM transcript_search f
  JOIN transcript_segments s ON s.rowid = f.rowid - @base
  JOIN videos v ON v.id = s.video_id
  WHERE f.transcript_search MATCH @phrase AND f.rowid BETWEEN @base + @low AND @base + @high AND ${inBatch}
  ORDER BY ${searchOrder} LIMIT @limit`;
const batchMatchesByScan = (textMatch: string) => `SELECT ${resultColumns}
  FROM transcript_segments s JOIN videos v ON v.id = s.video_id
  WHERE ${inBatch} AND ${textMatch}
  ORDER BY ${searchOrder} LIMIT @limit`;

interface IndexQuery {
  base: number;
  phrase: string;
}

/** An organisation-wide search for a needle of 3+ characters, through the trigram index. */
export function searchIndex(
  db: Db,
  orgId: string,
  needle: string,
  limit: number,
  tuning: SearchTuning,
): { rows: ResultRow[]; total: number } {
  const slot = statement(db, 'SELECT slot FROM search_org_slots WHERE org_id = ?').pluck().get(orgId) as
    | number
    | undefined;
  if (slot === undefined) return { rows: [], total: 0 };
  const query: IndexQuery = { base: slot * KEY_SPAN, phrase: `"${needle.replaceAll('"', '""')}"` };
  const total = statement(db, countMatches).pluck().get(query) as number;
  if (total === 0) return { rows: [], total };
  const walked = total > tuning.sparseMatches ? walkNewestCalls(db, orgId, needle, query, total, limit, tuning) : null;
  return { rows: walked ?? (statement(db, everyMatch).all({ ...query, limit }) as ResultRow[]), total };
}

interface CallRow {
  id: string;
  created_at: string;
}

/** The first page from batches of the newest calls; null when the walk gives up. */
function walkNewestCalls(
  db: Db,
  orgId: string,
  needle: string,
  query: IndexQuery,
  total: number,
  limit: number,
  tuning: SearchTuning,
): ResultRow[] | null {
  const calls = statement(db, countCalls).pluck().get({ orgId }) as number;
  const dense = (limit * calls) / total <= tuning.denseCalls;
  const scan = scanMatch(needle);
  const matchesOf = (ids: string, remaining: number): ResultRow[] => {
    if (dense)
      return statement(db, batchMatchesByScan(scan.sql)).all({
        ...scan.parameters,
        ids,
        limit: remaining,
      }) as ResultRow[];
    const range = statement(db, batchRowids).get({ ids }) as { low: number | null; high: number | null };
    if (range.low === null || range.high === null) return [];
    return statement(db, batchMatchesFromIndex).all({ ...query, ids, ...range, limit: remaining }) as ResultRow[];
  };

  const rows: ResultRow[] = [];
  let after: CallRow | undefined;
  let walked = 0;
  for (let batch = 2; walked < tuning.walkedCalls; batch *= 4) {
    const newest = statement(db, callsNewestFirst).all({
      orgId,
      afterCreated: after?.created_at ?? null,
      afterId: after?.id ?? null,
      batch: Math.min(batch, tuning.walkedCalls - walked),
    }) as CallRow[];
    if (newest.length === 0) return rows;
    rows.push(...matchesOf(JSON.stringify(newest.map((call) => call.id)), limit - rows.length));
    if (rows.length === limit) return rows;
    walked += newest.length;
    after = newest.at(-1);
  }
  return null;
}
