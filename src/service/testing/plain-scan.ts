import { expect } from 'vitest';
import type { Db } from '../db/database';
import { foldCase } from '../search/fold-case';
import type { TranscriptSearchResult } from '../search/search-transcripts';

/**
 * The answer every search path must give, as tests compute it: every segment of the
 * organisation's calls that are not DELETED whose folded text holds the folded needle, in search
 * order, with the filters applied. Public segment ids (`seg_<rowid>`).
 */
export function plainScan(db: Db, orgId: string, q: string, filter: { video_id?: string; deal_id?: string } = {}) {
  const segments = db
    .prepare(
      `SELECT s.rowid, s.text, s.video_id, v.deal_id FROM transcript_segments s JOIN videos v ON v.id = s.video_id
       WHERE s.org_id = ? AND v.status != 'DELETED'
       ORDER BY s.video_created_at DESC, s.video_id DESC, s.start, s.rowid`,
    )
    .all(orgId) as { rowid: number; text: string; video_id: string; deal_id: string | null }[];
  const needle = foldCase(q);
  return segments
    .filter((segment) => foldCase(segment.text).includes(needle))
    .filter((segment) => !filter.video_id || segment.video_id === filter.video_id)
    .filter((segment) => !filter.deal_id || segment.deal_id === filter.deal_id)
    .map((segment) => `seg_${segment.rowid}`);
}

/**
 * Expects a search's answer at `limit` to be the plain scan's `expected` ids: the count, whether
 * more exist than were returned, and the page itself. `way` names the search in a failure.
 */
export function expectPlainScanAnswer(
  result: TranscriptSearchResult,
  expected: readonly string[],
  limit: number,
  way: string,
): void {
  expect(result.total_matches, way).toBe(expected.length);
  expect(result.truncated, way).toBe(expected.length > limit);
  expect(
    result.data.map((segment) => segment.id),
    way,
  ).toEqual(expected.slice(0, limit));
}
