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

/** Segments of DELETED calls are not searchable, as lists leave DELETED records out (design.md). */
const notDeleted = `s.video_id NOT IN (SELECT id FROM videos WHERE org_id = @orgId AND status = 'DELETED')`;

/**
 * Where the matches come from. The index answers org-wide queries of 3+ characters. A filter to
 * one call or one deal narrows the candidates to a few hundred lines, and a 1-2 character needle
 * cannot use trigrams, so both scan, with the same folding as the index (fold-case.ts).
 */
const matchSources = {
  indexed: `SELECT s.rowid, s.video_id, s.video_created_at, s.start
    FROM transcript_search JOIN transcript_segments s ON s.rowid = transcript_search.rowid
    WHERE transcript_search MATCH @phrase AND s.org_id = @orgId AND ${notDeleted}`,
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
export function searchTranscripts(db: Db, orgId: string, search: TranscriptSearch): TranscriptSearchResult {
  const needle = foldCase(search.q);
  const limit = search.limit ?? SEARCH_DEFAULT_LIMIT;
  const filter = [search.video_id ? filters.video : '', search.deal_id ? filters.deal : ''].join(' ');
  const useIndex = filter.trim() === '' && [...needle].length >= INDEXED_MIN_LENGTH && !needle.includes('\0');
  const scan = useIndex ? null : scanTextMatch(needle);
  const source = scan ? matchSources.scanned(filter, scan.sql) : matchSources.indexed;
  const parameters = {
    orgId,
    ...(scan
      ? {
          ...scan.parameters,
          ...(search.video_id ? { videoId: search.video_id } : {}),
          ...(search.deal_id ? { dealId: search.deal_id } : {}),
        }
      : { phrase: `"${needle.replaceAll('"', '""')}"` }),
  };
  const rows = statement(db, pageOf(source)).all({ ...parameters, limit }) as Row[];
  const total = rows.length < limit ? rows.length : (statement(db, countOf(source)).pluck().get(parameters) as number);
  return {
    data: rows.map(({ rowid, ...segment }) => ({ id: `seg_${rowid}`, ...segment })),
    total_matches: total,
    truncated: total > rows.length,
  };
}
