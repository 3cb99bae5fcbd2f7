import type { Db } from '../db/database';
import { type ResultRow, resultColumns, searchOrder } from './scan-match';
import { statement } from './statement-cache';

/** Index rowids are `slot * KEY_SPAN + segment rowid` (migrations 5 and 6): one organisation, one range. */
export const KEY_SPAN = 2 ** 40;

/** A full-text table and the MATCH expression that finds a needle's segments in it. */
export interface IndexLookup {
  table: 'transcript_search' | 'transcript_search_short' | 'transcript_search_long';
  match: string;
}

// Rowid bounds are cast: a JavaScript number binds as REAL, and FTS5 seeks to integer bounds only.
const newestIds = (table: IndexLookup['table']) => `SELECT rowid - @base FROM ${table}
  WHERE ${table} MATCH @match AND rowid BETWEEN CAST(@base AS INTEGER) AND CAST(@base + @below - 1 AS INTEGER)
  ORDER BY rowid DESC LIMIT @step`;
const firstOfRead = `SELECT ${resultColumns}
  FROM transcript_segments s JOIN videos v ON v.id = s.video_id
  WHERE s.rowid IN (SELECT value FROM json_each(@segments))
  ORDER BY ${searchOrder} LIMIT @limit`;
// Calls compare as the search orders them: created_at, then id.
const newerCallReachesBelow = `SELECT EXISTS (SELECT 1 FROM videos cut
  JOIN videos v ON v.org_id = cut.org_id AND (v.created_at, v.id) >= (cut.created_at, cut.id)
  JOIN search_call_spans c ON c.video_id = v.id
  WHERE cut.id = @cutId AND v.status != 'DELETED' AND c.lowest_segment < @below)`;

/**
 * The first `limit` matches in search order (newest call first), read from the index from the
 * highest segment rowid down, `firstStep` matches first and 4 times as many at each further step.
 * Rowids grow as transcripts are stored, so the newest calls' matches usually come first, but
 * nothing guarantees it (a call may be stored long after it was created): the walk stops once
 * no call at or before the page's last call in search order has a segment below the lowest
 * rowid read (search_call_spans), so no match left unread can belong on the page.
 */
export function newestMatches(
  db: Db,
  lookup: IndexLookup,
  base: number,
  limit: number,
  firstStep: number,
): ResultRow[] {
  const read: number[] = [];
  let below = KEY_SPAN;
  for (let step = firstStep; ; step *= 4) {
    const ids = statement(db, newestIds(lookup.table), 'pluck').all({
      base,
      match: lookup.match,
      below,
      step,
    }) as number[];
    read.push(...ids);
    const page = statement(db, firstOfRead).all({ segments: JSON.stringify(read), limit }) as ResultRow[];
    if (ids.length < step) return page;
    below = ids.at(-1)!;
    const cut = page.at(-1);
    if (page.length === limit && !statement(db, newerCallReachesBelow, 'pluck').get({ cutId: cut!.video_id, below })) {
      return page;
    }
  }
}
