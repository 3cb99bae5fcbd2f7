import { SEARCH_DEFAULT_LIMIT } from '../../shared/api/search';
import type { ServedSearchSegment } from '../../shared/api/served';
import { changeStamp } from '../db/change-stamp';
import type { Db } from '../db/database';
import { foldCase } from './fold-case';
import { type ResultRow, resultColumns, scanMatch, searchOrder } from './scan-match';
import { defaultTuning, type SearchTuning, searchIndex } from './search-index';
import { statement } from './statement-cache';

export interface TranscriptSearch {
  q: string;
  video_id?: string;
  deal_id?: string;
  limit?: number;
}

export interface TranscriptSearchResult {
  data: ServedSearchSegment[];
  total_matches: number;
  truncated: boolean;
}

const filters = {
  video: 'AND s.video_id = @videoId',
  deal: 'AND s.video_id IN (SELECT id FROM videos WHERE org_id = @orgId AND deal_id = @dealId)',
};

/** Segments of DELETED calls are not searchable, as lists leave DELETED records out (design.md). */
const scanned = (filter: string, textMatch: string) => `FROM transcript_segments s JOIN videos v ON v.id = s.video_id
  WHERE s.org_id = @orgId ${filter} AND v.status != 'DELETED' AND ${textMatch}`;

/**
 * Case-insensitive substring search over one organisation's transcripts (interface, Search):
 * every character of `q` is literal, `video_id` and `deal_id` combine with AND, `total_matches`
 * counts every match and `truncated` says whether more exist than were returned.
 * Organisation-wide needles go through the indexes (search-index.ts). A filter to one call or one
 * deal narrows the candidates to a few hundred lines, so those scan, folding exactly as the index
 * does (fold-case.ts), as does a needle holding U+0000, where SQLite's text functions stop.
 * Count and page are read in one transaction, so they agree while a writer commits; a count split
 * across two threads is read again in one when a commit fell between.
 */
export function searchTranscripts(
  db: Db,
  orgId: string,
  search: TranscriptSearch,
  tuning: SearchTuning = defaultTuning,
): TranscriptSearchResult {
  const needle = foldCase(search.q);
  const limit = search.limit ?? SEARCH_DEFAULT_LIMIT;
  const indexed = !search.video_id && !search.deal_id && !needle.includes('\0');
  const before = changeStamp(db);
  const { rows, total, split } = db.transaction(() =>
    indexed ? searchIndex(db, orgId, needle, limit, tuning) : searchByScan(db, orgId, needle, limit, search),
  )();
  // A count split across two connections agrees with the page only if no commit fell between.
  if (split && changeStamp(db) !== before) {
    return searchTranscripts(db, orgId, search, { ...tuning, splitFrom: Number.POSITIVE_INFINITY });
  }
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
): { rows: ResultRow[]; total: number; split: false } {
  const scan = scanMatch(needle);
  const filter = [search.video_id ? filters.video : '', search.deal_id ? filters.deal : ''].join(' ');
  const from = scanned(filter, scan.sql);
  const parameters = {
    orgId,
    ...scan.parameters,
    ...(search.video_id ? { videoId: search.video_id } : {}),
    ...(search.deal_id ? { dealId: search.deal_id } : {}),
  };
  const rows = statement(db, `SELECT ${resultColumns} ${from} ORDER BY ${searchOrder} LIMIT @limit`).all({
    ...parameters,
    limit,
  }) as ResultRow[];
  // A short page holds every match, so only a full one needs counting.
  const total =
    rows.length < limit ? rows.length : (statement(db, `SELECT count(*) ${from}`, 'pluck').get(parameters) as number);
  return { rows, total, split: false };
}
