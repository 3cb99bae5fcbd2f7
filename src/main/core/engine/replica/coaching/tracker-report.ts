import { isoWeek, nextWeekStart } from '../../../../../shared/iso-week';
import {
  LATE_AFTER_SHARE,
  LATE_MIN_CALLS,
  LINES_PER_CALL,
  type Tracker,
  type TrackerCall,
  type TrackerDeal,
  type TrackerLine,
  type TrackerSide,
  type TrackerWeek,
} from '../../../../../shared/trackers';
import { ftsQuery, type Span, searchSpans } from '../local-search';
import type { ReplicaDatabase } from '../replica-db';
import { type CallOwner, COUNTED_CALL, callOwners } from './call-owners';

/** A line's side as the attribution rule reads it (`speaker_role`, in any case, spaces aside). */
const sideCondition: Record<TrackerSide, string | null> = {
  seller: `upper(trim(coalesce(s.speaker_role, ''))) = 'SELLER'`,
  buyer: `upper(trim(coalesce(s.speaker_role, ''))) = 'BUYER'`,
  any: null,
};

/**
 * The FTS5 query for a tracker's phrases: each a phrase of its words in order (quotes, stars,
 * `OR`, `NEAR(` and the like are read as the words they hold, never as operators), any of them.
 */
export function trackerMatch(phrases: readonly string[]): string | null {
  const each = phrases.map((phrase) => ftsQuery(phrase, 'phrase')).filter((query) => query !== null);
  return each.length === 0 ? null : each.join(' OR ');
}

/** The rowids of the copy's lines that say a phrase on the tracker's side, in rowid order. */
function mentionRowids(db: ReplicaDatabase, match: string, side: TrackerSide, range = ''): number[] {
  const condition = sideCondition[side];
  const hits = `SELECT f.rowid FROM segment_fts f WHERE segment_fts MATCH ? ${range}`;
  // The side is read of the hits' rows alone: joined, SQLite walked every line of that side instead.
  const sql = condition
    ? `SELECT s.rowid FROM segments s WHERE s.rowid IN (${hits}) AND ${condition} ORDER BY s.rowid`
    : `${hits} ORDER BY f.rowid`;
  return db.prepare(sql).pluck().all(match) as number[];
}

export interface LocalTally {
  span: Span;
  mentions: number;
}

/**
 * The copy's calls with a mention, and every call the tracker's scope takes in (its transcript
 * held here), with the owners it needed. One pass over the index: the hits' rowids are assigned to
 * their calls by the calls' spans of rowids, so no line is read.
 */
export function localTrackerTally(db: ReplicaDatabase, tracker: Tracker) {
  const spans = searchSpans(db);
  const { scope } = tracker;
  // A rep's scope needs every call's owner; otherwise only the owners of calls with a mention.
  const allOwners =
    scope.kind === 'rep'
      ? callOwners(
          db,
          spans.byRowid.map((span) => span.video_id),
        )
      : null;
  const inScope = (span: Span) =>
    scope.kind === 'all' ||
    (scope.kind === 'deal' && span.deal_id === scope.dealId) ||
    (scope.kind === 'rep' && allOwners!.get(span.video_id)?.memberId === scope.memberId);
  const match = trackerMatch(tracker.phrases);
  const tallies = new Map<string, LocalTally>();
  if (match !== null) {
    let index = 0;
    for (const rowid of mentionRowids(db, match, tracker.side)) {
      while (index < spans.byRowid.length && spans.byRowid[index]!.last_rowid < rowid) index += 1;
      const span = spans.byRowid[index];
      if (!span || span.first_rowid > rowid) continue;
      const tally = tallies.get(span.video_id);
      if (tally) tally.mentions += 1;
      else if (inScope(span)) tallies.set(span.video_id, { span, mentions: 1 });
    }
  }
  const owners = allOwners ?? callOwners(db, [...tallies.keys()]);
  return { spans: spans.byRowid.filter(inScope), tallies, owners };
}

/** A call with a mention as the report lists it. */
export function trackerCallOf(tally: LocalTally, owner: CallOwner | undefined): TrackerCall {
  const { span } = tally;
  return {
    callId: span.video_id,
    title: span.title,
    createdAt: span.created_at,
    week: span.created_ms === null ? null : isoWeek(span.created_ms).key,
    dealId: span.deal_id,
    dealTitle: span.deal_title,
    memberId: owner?.memberId ?? null,
    rule: owner?.rule ?? null,
    mentions: tally.mentions,
    source: 'replica',
    lines: [],
  };
}

/**
 * Every ISO week from the first with a searched call to the last, none left out (a week without
 * calls draws as a gap, not as the next week): the calls searched here and their mentions.
 */
export function trackerWeeks(searched: readonly Span[], tallies: ReadonlyMap<string, LocalTally>): TrackerWeek[] {
  const byWeek = new Map<string, TrackerWeek>();
  for (const span of searched) {
    if (span.created_ms === null) continue;
    const { key, start } = isoWeek(span.created_ms);
    const week = byWeek.get(key) ?? { week: key, start, calls: 0, mentions: 0 };
    week.calls += 1;
    week.mentions += tallies.get(span.video_id)?.mentions ?? 0;
    byWeek.set(key, week);
  }
  const starts = [...byWeek.values()].map((week) => week.start);
  if (starts.length === 0) return [];
  const weeks: TrackerWeek[] = [];
  for (let start = Math.min(...starts); start <= Math.max(...starts); start = nextWeekStart(start)) {
    const { key } = isoWeek(start);
    weeks.push(byWeek.get(key) ?? { week: key, start, calls: 0, mentions: 0 });
  }
  return weeks;
}

/**
 * The "late" rule (docs/coaching.md, "First mentioned late"): a deal's first mention is late when
 * the call it came on is in the last third of the deal's calls so far, once the deal has at least
 * three calls (`firstAt` is 1-based).
 */
export function firstMentionLate(calls: number, firstAt: number | null): boolean {
  return firstAt !== null && calls >= LATE_MIN_CALLS && firstAt > calls * LATE_AFTER_SHARE;
}

/** The deals of the calls with a mention: on which of their calls the first mention came, and whether late. */
export function trackerDeals(db: ReplicaDatabase, calls: readonly TrackerCall[]): TrackerDeal[] {
  const mentioned = new Set(calls.map((call) => call.callId));
  const titles = new Map<string, string | null>();
  for (const call of calls)
    if (call.dealId !== null && !titles.get(call.dealId)) titles.set(call.dealId, call.dealTitle);
  if (titles.size === 0) return [];
  const rows = db
    .prepare<[string], { deal_id: string; id: string }>(
      `SELECT c.deal_id, c.id FROM calls c
       WHERE c.deal_id IN (SELECT value FROM json_each(?)) AND ${COUNTED_CALL}
       ORDER BY c.deal_id, c.created_ms IS NULL, c.created_ms, c.id`,
    )
    .all(JSON.stringify([...titles.keys()]));
  const dealCalls = new Map<string, string[]>();
  for (const row of rows) dealCalls.set(row.deal_id, [...(dealCalls.get(row.deal_id) ?? []), row.id]);
  // The deal as the copy holds it now: a call's search facts may predate its deal's page.
  const held = db
    .prepare<[string], { id: string; title: string | null }>(
      'SELECT id, title FROM deals WHERE id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify([...titles.keys()]));
  for (const deal of held) if (deal.title !== null) titles.set(deal.id, deal.title);
  const heldIds = new Set(held.map((deal) => deal.id));
  return [...titles].map(([dealId, title]) => {
    const ids = dealCalls.get(dealId) ?? [];
    const index = ids.findIndex((id) => mentioned.has(id));
    const firstAt = index === -1 ? null : index + 1;
    const late = firstMentionLate(ids.length, firstAt);
    return { dealId, title, held: heldIds.has(dealId), calls: ids.length, firstAt, late };
  });
}

/** The copy's lines that say the tracker's phrases in these calls, the first `LINES_PER_CALL` of each. */
export function trackerLines(db: ReplicaDatabase, tracker: Tracker, callIds: readonly string[]): TrackerLine[] {
  const match = trackerMatch(tracker.phrases);
  if (match === null) return [];
  const span = db.prepare<[string], { first_rowid: number; last_rowid: number }>(
    'SELECT first_rowid, last_rowid FROM segment_spans WHERE video_id = ?',
  );
  const line = db.prepare<[number], { segment_id: string; text: string; start: number | null; speaker: string | null }>(
    'SELECT segment_id, text, start, speaker FROM segments WHERE rowid = ?',
  );
  return callIds.flatMap((callId) => {
    const held = span.get(callId);
    if (!held) return [];
    // Bound as integers: FTS5 seeks to an INTEGER rowid range, not a REAL one (local-search.ts).
    const range = `AND f.rowid BETWEEN CAST(${held.first_rowid} AS INTEGER) AND CAST(${held.last_rowid} AS INTEGER)`;
    return mentionRowids(db, match, tracker.side, range)
      .slice(0, LINES_PER_CALL)
      .map((rowid) => {
        const row = line.get(rowid)!;
        return { callId, segmentId: row.segment_id, text: row.text, start: row.start, speaker: row.speaker };
      });
  });
}

/**
 * The seam for the review queue (issue 29, item 6): per tracker, the copy's calls made since
 * `since` (ms) that mention it, with how many lines do. Read from the copy alone.
 */
export function trackerHitsSince(
  db: ReplicaDatabase,
  trackers: readonly Tracker[],
  since: number,
): { trackerId: string; name: string; calls: { callId: string; mentions: number }[] }[] {
  return trackers.map((tracker) => {
    const { tallies } = localTrackerTally(db, tracker);
    const calls = [...tallies.values()]
      .filter(({ span }) => span.created_ms !== null && span.created_ms >= since)
      .map(({ span, mentions }) => ({ callId: span.video_id, mentions }));
    return { trackerId: tracker.id, name: tracker.name, calls };
  });
}
