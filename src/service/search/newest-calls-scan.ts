import type { Db } from '../db/database';
import { type ResultRow, resultColumns, scanMatch, searchOrder } from './scan-match';
import { statement } from './statement-cache';

const newestCalls = `SELECT id FROM videos WHERE org_id = @orgId AND status != 'DELETED'
  ORDER BY created_at DESC, id DESC LIMIT @calls`;
const matchesIn = (textMatch: string) => `SELECT ${resultColumns}
  FROM transcript_segments s JOIN videos v ON v.id = s.video_id
  WHERE s.video_id IN (SELECT value FROM json_each(@ids)) AND ${textMatch}
  ORDER BY ${searchOrder} LIMIT @limit`;

/**
 * The first page of a needle dense enough to fill it from a few calls: the newest calls' lines
 * are scanned, 1 call first, then 3, then 9, ... up to `maxCalls`, in search order, so each
 * batch's matches follow the previous batch's. Null when `maxCalls` calls do not fill the page
 * (matches crowd older calls), and the index has to find it instead.
 */
export function scanNewestCalls(db: Db, orgId: string, needle: string, limit: number, maxCalls: number) {
  const calls = statement(db, newestCalls, 'pluck').all({ orgId, calls: maxCalls }) as string[];
  const scan = scanMatch(needle);
  const rows: ResultRow[] = [];
  for (let from = 0, batch = 1; from < calls.length; from += batch, batch *= 3) {
    const ids = JSON.stringify(calls.slice(from, from + batch));
    rows.push(
      ...(statement(db, matchesIn(scan.sql)).all({
        ...scan.parameters,
        ids,
        limit: limit - rows.length,
      }) as ResultRow[]),
    );
    if (rows.length === limit) return rows;
  }
  return calls.length < maxCalls ? rows : null;
}
