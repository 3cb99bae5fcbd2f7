import { SEARCH_DEFAULT_LIMIT, type SearchSegment } from '../../shared/api/search';
import type { Db } from '../db/database';
import { foldCase } from './fold-case';

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
 * The scan first tries SQLite's ASCII `lower`, which never gives a false match; only lines with
 * non-ASCII characters are left to the exact (and slower) JavaScript fold. A needle holding U+0000,
 * which SQLite's text functions stop at, goes to the JavaScript fold alone.
 */
const matchSources = {
  indexed: `SELECT s.rowid, s.video_id, s.video_created_at, s.start
    FROM transcript_search JOIN transcript_segments s ON s.rowid = transcript_search.rowid
    WHERE transcript_search MATCH @phrase AND s.org_id = @orgId AND ${notDeleted}`,
  scanned: (filter: string) => `SELECT s.rowid, s.video_id, s.video_created_at, s.start
    FROM transcript_segments s
    WHERE s.org_id = @orgId ${filter} AND ${notDeleted}
      AND ((@shortcut AND instr(lower(s.text), @needle) > 0)
        OR (s.text GLOB @candidates AND callscope_folded_contains(s.text, @needle)))`,
};

const filters = {
  video: 'AND s.video_id = @videoId',
  deal: 'AND s.video_id IN (SELECT id FROM videos WHERE org_id = @orgId AND deal_id = @dealId)',
};

/** Newest call first, then by time within the call (interface, Search); ties broken stably. */
const pageOf = (source: string) => `
  WITH hits AS MATERIALIZED (${source})
  SELECT s.rowid AS rowid, s.text, s.start, s.end, s.video_id, s.speaker, s.speaker_role,
         v.title AS video_title, v.deal_id, page.total
  FROM (SELECT rowid, video_created_at, video_id, start, count(*) OVER () AS total
        FROM hits ORDER BY video_created_at DESC, video_id DESC, start, rowid LIMIT @limit) page
  JOIN transcript_segments s ON s.rowid = page.rowid
  JOIN videos v ON v.id = s.video_id
  ORDER BY page.video_created_at DESC, page.video_id DESC, page.start, page.rowid`;

interface Row extends Omit<SearchSegment, 'id'> {
  rowid: number;
  total: number;
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
  const hasNul = needle.includes('\0');
  const useIndex = filter.trim() === '' && [...needle].length >= INDEXED_MIN_LENGTH && !hasNul;
  const sql = pageOf(useIndex ? matchSources.indexed : matchSources.scanned(filter));
  const rows = statement(db, sql).all({
    orgId,
    limit,
    ...(useIndex
      ? { phrase: `"${needle.replaceAll('"', '""')}"` }
      : {
          needle,
          shortcut: hasNul ? 0 : 1,
          candidates: hasNul ? '*' : '*[^\u0001-\u007f]*',
          ...(search.video_id ? { videoId: search.video_id } : {}),
          ...(search.deal_id ? { dealId: search.deal_id } : {}),
        }),
  }) as Row[];
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map(({ rowid, total: _total, ...segment }) => ({ id: `seg_${rowid}`, ...segment })),
    total_matches: total,
    truncated: total > rows.length,
  };
}
