import { SEARCH_DEFAULT_LIMIT, type SearchSegment } from '../../shared/api/search';
import type { Db } from '../db/database';
import { foldCase, foldsInto } from './fold-case';

export interface TranscriptSearch {
  q: string;
  video_id?: string;
  deal_id?: string;
  limit?: number;
}

export interface TranscriptSearchResult {
  data: SearchSegment[];
  total_matches: number;
  truncated: boolean;
}

/** Trigrams: shorter needles cannot be looked up in the index. */
const INDEXED_MIN_LENGTH = 3;

/** Index rowids are `slot * KEY_SPAN + segment rowid` (migration 5): one organisation, one range. */
const KEY_SPAN = 2 ** 40;

/**
 * How the first page of an indexed search is found. Up to `sparseMatches` matches, every match's
 * row is read and sorted; beyond that, the organisation's calls are walked newest first, each
 * asking the index for its own matches, until the page is full: a common term then costs a few
 * calls instead of one row read per match. A walk that has not filled the page after
 * `walkedCalls` calls (matches crowded in old calls) falls back to reading every match.
 */
export interface SearchTuning {
  sparseMatches: number;
  walkedCalls: number;
}
export const defaultTuning: SearchTuning = { sparseMatches: 2000, walkedCalls: 300 };

/** Segments of DELETED calls are not searchable, as lists leave DELETED records out (design.md). */
const notDeleted = `s.video_id NOT IN (SELECT id FROM videos WHERE org_id = @orgId AND status = 'DELETED')`;

/**
 * Where the matches come from. The index answers org-wide queries of 3+ characters. A filter to
 * one call or one deal narrows the candidates to a few hundred lines, and a 1-2 character needle
 * cannot use trigrams, so both scan, with the same folding as the index (fold-case.ts).
 */
const matchSources = {
  indexed: `SELECT s.rowid, s.video_id, s.video_created_at, s.start
    FROM transcript_search f JOIN transcript_segments s ON s.rowid = f.rowid - @base
    WHERE f.transcript_search MATCH @phrase AND f.rowid BETWEEN @base AND @base + ${KEY_SPAN - 1}`,
  scanned: (filter: string, textMatch: string) => `SELECT s.rowid, s.video_id, s.video_created_at, s.start
    FROM transcript_segments s
    WHERE s.org_id = @orgId ${filter} AND ${notDeleted} AND ${textMatch}`,
};

const filters = {
  video: 'AND s.video_id = @videoId',
  deal: 'AND s.video_id IN (SELECT id FROM videos WHERE org_id = @orgId AND deal_id = @dealId)',
};

/**
 * The scan's text test. SQLite's `lower` folds ASCII only, so `instr(lower(text), needle)` never
 * gives a false match, and misses a match only where the line holds a non-ASCII character that
 * folds into one of the needle's characters (É for é, K for k). Only lines holding one of those go
 * to the exact, slower JavaScript fold, so most lines never leave SQLite. A needle holding U+0000,
 * where SQLite's text functions stop, goes to the JavaScript fold alone.
 */
function scanTextMatch(needle: string): { sql: string; parameters: Record<string, string> } {
  const exact = 'callscope_folded_contains(s.text, @needle)';
  if (needle.includes('\0')) return { sql: exact, parameters: { needle } };
  const unfolded = [...new Set([...needle].flatMap((character) => foldsInto(character)))];
  const parameters: Record<string, string> = { needle };
  const candidates = unfolded.map((character, index) => {
    parameters[`unfolded${index}`] = character;
    return `instr(s.text, @unfolded${index}) > 0`;
  });
  const fallback = candidates.length ? ` OR ((${candidates.join(' OR ')}) AND ${exact})` : '';
  return { sql: `(instr(lower(s.text), @needle) > 0${fallback})`, parameters };
}

/**
 * Newest call first, then by time within the call (interface, Search); ties broken stably. The
 * count and the page are two statements over the same matches: one window query would have to
 * materialise every match before sorting, which costs more than matching twice.
 */
const pageOf = (source: string) => `
  SELECT s.rowid AS rowid, s.text, s.start, s.end, s.video_id, s.speaker, s.speaker_role,
         v.title AS video_title, v.deal_id
  FROM (${source} ORDER BY s.video_created_at DESC, s.video_id DESC, s.start, s.rowid LIMIT @limit) page
  JOIN transcript_segments s ON s.rowid = page.rowid
  JOIN videos v ON v.id = s.video_id
  ORDER BY s.video_created_at DESC, s.video_id DESC, s.start, s.rowid`;
const countOf = (source: string) => `SELECT count(*) FROM (${source})`;
const indexedCount = `SELECT count(*) FROM transcript_search
  WHERE transcript_search MATCH @phrase AND rowid BETWEEN @base AND @base + ${KEY_SPAN - 1}`;

const callsNewestFirst = `SELECT id, created_at, title, deal_id FROM videos
  WHERE org_id = @orgId AND status != 'DELETED'
    AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterId))
  ORDER BY created_at DESC, id DESC LIMIT @batch`;
const callRowids = 'SELECT min(rowid) AS low, max(rowid) AS high FROM transcript_segments WHERE video_id = ?';
const callMatches = `SELECT s.rowid AS rowid, s.text, s.start, s.end, s.video_id, s.speaker, s.speaker_role
  FROM transcript_search f JOIN transcript_segments s ON s.rowid = f.rowid - @base
  WHERE f.transcript_search MATCH @phrase AND f.rowid BETWEEN @base + @low AND @base + @high AND s.video_id = @videoId
  ORDER BY s.start, s.rowid LIMIT @limit`;

interface Row extends Omit<SearchSegment, 'id'> {
  rowid: number;
}

const prepared = new WeakMap<Db, Map<string, ReturnType<Db['prepare']>>>();

function statement(db: Db, sql: string) {
  let cache = prepared.get(db);
  if (!cache) {
    db.function('callscope_folded_contains', { deterministic: true }, (text, needle) =>
      foldCase(String(text)).includes(String(needle)) ? 1 : 0,
    );
    cache = new Map();
    prepared.set(db, cache);
  }
  let found = cache.get(sql);
  if (!found) {
    found = db.prepare(sql);
    cache.set(sql, found);
  }
  return found;
}

/**
 * Case-insensitive substring search over one organisation's transcripts (interface, Search):
 * every character of `q` is literal, `video_id` and `deal_id` combine with AND, `total_matches`
 * counts every match and `truncated` says whether more exist than were returned.
 */
export function searchTranscripts(
  db: Db,
  orgId: string,
  search: TranscriptSearch,
  tuning: SearchTuning = defaultTuning,
): TranscriptSearchResult {
  const needle = foldCase(search.q);
  const limit = search.limit ?? SEARCH_DEFAULT_LIMIT;
  const filter = [search.video_id ? filters.video : '', search.deal_id ? filters.deal : ''].join(' ');
  const useIndex = filter.trim() === '' && [...needle].length >= INDEXED_MIN_LENGTH && !needle.includes('\0');
  const { rows, total } = useIndex
    ? searchIndex(db, orgId, needle, limit, tuning)
    : searchByScan(db, orgId, needle, limit, search, filter);
  return {
    data: rows.map(({ rowid, ...segment }) => ({ id: `seg_${rowid}`, ...segment })),
    total_matches: total,
    truncated: total > rows.length,
  };
}

function searchByScan(
  db: Db,
  orgId: string,
  needle: string,
  limit: number,
  search: TranscriptSearch,
  filter: string,
): { rows: Row[]; total: number } {
  const scan = scanTextMatch(needle);
  const source = matchSources.scanned(filter, scan.sql);
  const parameters = {
    orgId,
    ...scan.parameters,
    ...(search.video_id ? { videoId: search.video_id } : {}),
    ...(search.deal_id ? { dealId: search.deal_id } : {}),
  };
  const rows = statement(db, pageOf(source)).all({ ...parameters, limit }) as Row[];
  const total = rows.length < limit ? rows.length : (statement(db, countOf(source)).pluck().get(parameters) as number);
  return { rows, total };
}

function searchIndex(
  db: Db,
  orgId: string,
  needle: string,
  limit: number,
  tuning: SearchTuning,
): { rows: Row[]; total: number } {
  const slot = statement(db, 'SELECT slot FROM search_org_slots WHERE org_id = ?').pluck().get(orgId) as
    | number
    | undefined;
  if (slot === undefined) return { rows: [], total: 0 };
  const parameters = { base: slot * KEY_SPAN, phrase: `"${needle.replaceAll('"', '""')}"` };
  const total = statement(db, indexedCount).pluck().get(parameters) as number;
  if (total === 0) return { rows: [], total };
  const walked = total > tuning.sparseMatches ? walkCallsNewestFirst(db, orgId, parameters, limit, tuning) : null;
  const rows = walked ?? (statement(db, pageOf(matchSources.indexed)).all({ ...parameters, limit }) as Row[]);
  return { rows, total };
}

interface CallRow {
  id: string;
  created_at: string;
  title: string;
  deal_id: string | null;
}

/** The first page from the calls' own matches, newest call first; null when the walk gives up. */
function walkCallsNewestFirst(
  db: Db,
  orgId: string,
  parameters: { base: number; phrase: string },
  limit: number,
  tuning: SearchTuning,
): Row[] | null {
  const rows: Row[] = [];
  let after: CallRow | undefined;
  let walked = 0;
  while (walked < tuning.walkedCalls) {
    const calls = statement(db, callsNewestFirst).all({
      orgId,
      afterCreated: after?.created_at ?? null,
      afterId: after?.id ?? null,
      batch: Math.min(100, tuning.walkedCalls - walked),
    }) as CallRow[];
    for (const call of calls) {
      const range = statement(db, callRowids).get(call.id) as { low: number | null; high: number | null };
      if (range.low === null || range.high === null) continue;
      const matches = statement(db, callMatches).all({
        ...parameters,
        low: range.low,
        high: range.high,
        videoId: call.id,
        limit: limit - rows.length,
      }) as Omit<Row, 'video_title' | 'deal_id'>[];
      for (const match of matches) rows.push({ ...match, video_title: call.title, deal_id: call.deal_id });
      if (rows.length === limit) return rows;
    }
    walked += calls.length;
    after = calls.at(-1);
    if (!after) return rows;
  }
  return null;
}
