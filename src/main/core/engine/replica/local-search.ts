import type { Statement } from 'better-sqlite3-multiple-ciphers';
import { oneWordRank } from './one-word-rank';
import type { ReplicaDatabase } from './replica-db';
import { type SearchTablesChange, searchTablesChangesSince, searchTablesVersion } from './transcript-index';

export interface LocalSearchQuery {
  q: string;
  /** words: each word as a word prefix; whole-word: whole words only; phrase: the words in this order. */
  mode: 'words' | 'whole-word' | 'phrase';
  order: 'newest' | 'best';
  speakerRole?: string;
  /** Call creation bounds, ISO date-times (inclusive). */
  from?: string;
  to?: string;
  dealId?: string;
  dealStatus?: string;
  /** One call only (the search palette's Call filter and saved searches). */
  videoId?: string;
  /** Calls to return (each with its first hits); counts cover every call. */
  limit: number;
  /** Calls to skip: those the pages before listed (none by default). */
  offset?: number;
}

export interface LocalHit {
  segmentId: string;
  text: string;
  start: number | null;
  speaker: string | null;
  speakerRole: string | null;
  /** The lines just before and after, for context. */
  before: string | null;
  after: string | null;
}

export interface LocalCallResult {
  videoId: string;
  title: string | null;
  createdAt: string | null;
  dealId: string | null;
  dealTitle: string | null;
  count: number;
  hits: LocalHit[];
}

export interface LocalSearchResult {
  calls: LocalCallResult[];
  /** Calls with a hit, listed or not ("at least" when not `complete`). */
  callCount: number;
  deals: { dealId: string | null; title: string | null; calls: number; count: number }[];
  totalHits: number;
  /**
   * false: more lines match than one search reads (`HIT_BUDGET`), so only the newest calls were
   * searched: each call shown has its exact count, but `totalHits` and the deals' counts are
   * "at least", and best match ranks the lines of those calls only.
   */
  complete: boolean;
}

const HITS_PER_CALL = 3;
/**
 * Lines one search reads in one pass over the index. A query matching more (a letter or two at
 * 1,000,000 lines matches hundreds of thousands) is answered from the newest calls instead, call
 * by call, until the calls asked for are found: reading every hit is what took seconds.
 */
export const HIT_BUDGET = 5_000;
/** The same when ordering by best match, which ranks every line it reads. */
export const RANKED_HIT_BUDGET = 1_000;

const wordsOf = (q: string) => q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const isOneWord = (q: string) => wordsOf(q).length === 1;

/** FTS5 query text from what was typed: words only (quotes and operators cannot be injected). */
export function ftsQuery(q: string, mode: LocalSearchQuery['mode']): string | null {
  const words = wordsOf(q);
  if (words.length === 0) return null;
  if (mode === 'phrase') return `"${words.join(' ')}"`;
  return words.map((word) => (mode === 'whole-word' ? `"${word}"` : `"${word}"*`)).join(' AND ');
}

/** What the replica knows of a call that a search's filters and groups need (its row in `calls`, its deal's in `deals`). */
export interface CallFacts {
  title: string | null;
  created_at: string | null;
  created_ms: number | null;
  deal_id: string | null;
  deal_title: string | null;
  deal_status: string | null;
}

/** An indexed call: its run of segment rowids and what the filters and groups need of it. */
export interface Span extends CallFacts {
  video_id: string;
  first_rowid: number;
  last_rowid: number;
  /** Its place among the calls, newest first: comparing dates as strings on every search was a sort's cost. */
  recency: number;
}

/** A call's hits as counted: how many, the best rank, and the rowids of the hits to show. */
interface Tally {
  span: Span;
  count: number;
  best: number;
  shown: { rowid: number; rank: number }[];
}

/**
 * Searches the transcripts the replica holds, grouped by call and by deal with counts, each call
 * with its first hits and their neighbouring lines. One pass reads the hits' rowids (and rank
 * when ordering by it) and assigns each to its call by the call's span of rowids, so no segment is
 * read for a hit that is not shown. Call filters apply to the spans, the speaker role in SQL.
 */
export function localSearch(
  db: ReplicaDatabase,
  query: LocalSearchQuery,
  { hitBudget = HIT_BUDGET }: { hitBudget?: number } = {},
): LocalSearchResult {
  const match = ftsQuery(query.q, query.mode);
  if (match === null) return { calls: [], callCount: 0, deals: [], totalHits: 0, complete: true };

  const spans = searchSpans(db);
  // As instants, not strings: a service may write its dates with or without milliseconds or a zone offset.
  const from = query.from === undefined ? null : Date.parse(query.from);
  const to = query.to === undefined ? null : Date.parse(query.to);
  const allowed = (span: Span) =>
    (from === null || (span.created_ms !== null && span.created_ms >= from)) &&
    (to === null || (span.created_ms !== null && span.created_ms <= to)) &&
    (query.dealId === undefined || span.deal_id === query.dealId) &&
    (query.dealStatus === undefined || span.deal_status === query.dealStatus) &&
    (query.videoId === undefined || span.video_id === query.videoId);
  const filtersCalls = [query.from, query.to, query.dealId, query.dealStatus, query.videoId].some(
    (value) => value !== undefined,
  );
  const offset = query.offset ?? 0;
  // The calls listed so far and this page's: a later page searches as far as one search for all of them would.
  const wanted = offset + query.limit;

  const best = query.order === 'best';
  const role = query.speakerRole !== undefined;
  // bm25 is computed only when ordering by it, and then over fewer lines: it costs many times
  // what reading a rowid does. Unranked hits are read as bare rowids, an array of numbers: rows of
  // two columns cost three times as much for 5,000 hits. One word is ranked as FTS5 would without
  // FTS5's pass over every line the word matches (`oneWordRank`).
  const ranking = best
    ? isOneWord(query.q)
      ? oneWordRank(db)
      : { columns: ', f.rank', join: '', rankOf: (row: unknown[]) => row[1] as number }
    : null;
  const hitsSql = (range: string, ranked: boolean) =>
    `SELECT f.rowid${ranked ? ranking!.columns : ''} FROM segment_fts f
     ${ranked ? ranking!.join : ''} ${role ? 'JOIN segments s ON s.rowid = f.rowid' : ''}
     WHERE segment_fts MATCH ? ${role ? 'AND s.speaker_role = ?' : ''} ${range} ORDER BY f.rowid`;
  const args = role ? [match, query.speakerRole] : [match];
  const budget = best ? Math.min(hitBudget, RANKED_HIT_BUDGET) : hitBudget;
  const pass = db
    .prepare(`${hitsSql('', false)} LIMIT ${budget + 1}`)
    .pluck()
    .all(...args) as number[];
  const rankedHits = (statement: Statement, ...bounds: number[]): [number, number][] =>
    (statement.all(...args, ...bounds) as unknown[][]).map((row) => [row[0] as number, ranking!.rankOf(row)]);

  const tallies = new Map<string, Tally>();
  const tally = (span: Span, rowid: number, rank: number) => {
    let entry = tallies.get(span.video_id);
    if (!entry) {
      entry = { span, count: 0, best: rank, shown: [] };
      tallies.set(span.video_id, entry);
    }
    entry.count += 1;
    entry.best = Math.min(entry.best, rank);
    // Rowids run in the call's line order: the first hits are its earliest lines, or its best.
    entry.shown.push({ rowid, rank });
    if (best) entry.shown.sort((a, b) => a.rank - b.rank);
    if (entry.shown.length > HITS_PER_CALL) entry.shown.pop();
  };

  let complete = pass.length <= budget;
  if (complete) {
    // Hits come in rowid order, like the spans: one walk assigns each to its call.
    let index = 0;
    const walk = (rowid: number, rank: number) => {
      while (index < spans.byRowid.length && spans.byRowid[index]!.last_rowid < rowid) index += 1;
      const span = spans.byRowid[index];
      if (span && span.first_rowid <= rowid && allowed(span)) tally(span, rowid, rank);
    };
    if (best) {
      for (const [rowid, rank] of rankedHits(db.prepare(hitsSql('', true)).raw())) walk(rowid, rank);
    } else for (const rowid of pass) walk(rowid, 0);
  } else {
    // Too many lines match to read them all: the newest calls are searched, a few at a time (their
    // rowids merged into runs, one query a run), until the calls asked for have hits; each group
    // is twice the calls searched so far when few of them have any, so a rare word costs few rounds.
    // Every call searched is counted whole; when that is every call, so are the totals.
    // better-sqlite3 binds a JS number as REAL, and FTS5 does not seek to REAL rowid bounds: it
    // read the whole prefix's doclist (8-16 ms for one letter, 1 ms cast).
    const inRun = db.prepare(hitsSql('AND f.rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)', best));
    if (best) inRun.raw();
    else inRun.pluck();
    // The pass read every hit up to its last rowid: a run inside that needs no query (the sync
    // stores the newest calls first, so their rowids are often the ones read). Not when ranking:
    // the pass reads no rank.
    const readUpTo = best ? -1 : pass.at(-1)!;
    const tallyRun = (first: number, last: number) => {
      if (best) {
        for (const [rowid, rank] of rankedHits(inRun, first, last)) tally(spans.holding(rowid)!, rowid, rank);
        return;
      }
      const rowids = last <= readUpTo ? between(pass, first, last) : (inRun.all(...args, first, last) as number[]);
      for (const rowid of rowids) tally(spans.holding(rowid)!, rowid, 0);
    };
    const newest = spans.newest.filter(allowed);
    let searched = 0;
    while (searched < newest.length && tallies.size < wanted) {
      const group = newest.slice(searched, searched + Math.max(wanted - tallies.size, searched));
      searched += group.length;
      for (const [first, last] of rowidRuns(group)) tallyRun(first, last);
    }
    complete = searched === newest.length;
  }

  const ordered = [...tallies.values()].sort(
    best ? (a, b) => a.best - b.best || a.span.recency - b.span.recency : (a, b) => a.span.recency - b.span.recency,
  );
  const counted = ordered.reduce((sum, entry) => sum + entry.count, 0);
  // Without call filters, the first pass's budget is itself a floor on the lines that match.
  const totalHits = complete || filtersCalls ? counted : Math.max(counted, budget + 1);
  const callResult = callResults(db);
  return {
    calls: ordered.slice(offset, wanted).map(callResult),
    callCount: ordered.length,
    deals: dealGroups(ordered),
    totalHits,
    complete,
  };
}

export interface SearchSpans {
  /** Every indexed call, by where its rowids start. */
  byRowid: Span[];
  /** The same, newest call first. */
  newest: Span[];
  /** The call a segment's rowid belongs to. */
  holding(rowid: number): Span | undefined;
}

const spansRead = new WeakMap<ReplicaDatabase, { version: number; spans: SearchSpans }>();

const SPANS_SQL = `SELECT s.video_id, s.first_rowid, s.last_rowid, c.title, c.created_at, c.created_ms, c.deal_id,
                          d.title AS deal_title, d.status AS deal_status, 0 AS recency
                   FROM segment_spans s LEFT JOIN calls c ON c.id = s.video_id LEFT JOIN deals d ON d.id = c.deal_id`;

/**
 * The indexed calls with what filters and groups need, kept between searches: reading and sorting
 * a few thousand rows on every keystroke was a fifth of the budget. A write names the calls and
 * deals it touched, and only their calls are read again (a sync stores a transcript between two
 * keystrokes: reading every call again cost 11 ms of each search).
 */
export function searchSpans(db: ReplicaDatabase): SearchSpans {
  const version = searchTablesVersion(db);
  const kept = spansRead.get(db);
  if (kept?.version === version) return kept.spans;
  const changes = kept ? searchTablesChangesSince(db, kept.version) : null;
  const spans =
    (kept && changes && updatedSpans(db, kept.spans, changes)) ||
    spansOf(db.prepare<[], Span>(`${SPANS_SQL} ORDER BY s.first_rowid`).all());
  spansRead.set(db, { version, spans });
  return spans;
}

/**
 * The spans with the calls a change touched read again and put in their places; undefined when
 * it touched so many calls that reading them all costs less than moving them one by one.
 */
function updatedSpans(db: ReplicaDatabase, kept: SearchSpans, changes: SearchTablesChange): SearchSpans | undefined {
  const deals = new Set(changes.deals);
  const touched = new Set(changes.calls);
  for (const span of kept.byRowid) if (span.deal_id !== null && deals.has(span.deal_id)) touched.add(span.video_id);
  if (touched.size > kept.byRowid.length / 2) return undefined;
  const read = db
    .prepare<[string], Span>(`${SPANS_SQL} WHERE s.video_id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify([...touched]));
  const byRowid = kept.byRowid.filter((span) => !touched.has(span.video_id));
  const newest = kept.newest.filter((span) => !touched.has(span.video_id));
  for (const span of read) {
    byRowid.splice(placeOf(byRowid, span, byFirstRowid), 0, span);
    newest.splice(placeOf(newest, span, newestFirst), 0, span);
  }
  return spansOf(byRowid, newest);
}

/** Spans in rowid order as a search reads them, numbered newest first. */
function spansOf(byRowid: Span[], newest = [...byRowid].sort(newestFirst)): SearchSpans {
  newest.forEach((span, index) => {
    span.recency = index;
  });
  const holding = (rowid: number) => {
    let low = 0;
    let high = byRowid.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const span = byRowid[middle]!;
      if (rowid < span.first_rowid) high = middle - 1;
      else if (rowid > span.last_rowid) low = middle + 1;
      else return span;
    }
    return undefined;
  };
  return { byRowid, newest, holding };
}

/** Where `span` goes in `spans`, sorted by `order`: after every span before it. */
function placeOf(spans: Span[], span: Span, order: (a: Span, b: Span) => number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order(spans[middle]!, span) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byFirstRowid = (a: Span, b: Span) => a.first_rowid - b.first_rowid;

/** The rowids (in order) from `first` to `last`. */
function between(rowids: number[], first: number, last: number): number[] {
  let low = 0;
  let high = rowids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rowids[middle]! < first) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < rowids.length && rowids[end]! <= last) end += 1;
  return rowids.slice(low, end);
}

/** The rowid ranges a group of calls covers, calls whose rowids follow on merged into one range. */
function rowidRuns(group: Span[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const span of [...group].sort((a, b) => a.first_rowid - b.first_rowid)) {
    const last = runs.at(-1);
    if (last && span.first_rowid === last[1] + 1) last[1] = span.last_rowid;
    else runs.push([span.first_rowid, span.last_rowid]);
  }
  return runs;
}

function newestFirst(a: Span, b: Span): number {
  const byDate = (b.created_at ?? '').localeCompare(a.created_at ?? '');
  return byDate !== 0 ? byDate : b.video_id.localeCompare(a.video_id);
}

function dealGroups(tallies: Tally[]): LocalSearchResult['deals'] {
  const groups = new Map<string | null, LocalSearchResult['deals'][number]>();
  for (const { span, count } of tallies) {
    const group = groups.get(span.deal_id) ?? { dealId: span.deal_id, title: span.deal_title, calls: 0, count: 0 };
    group.calls += 1;
    group.count += count;
    groups.set(span.deal_id, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

type SegmentRow = {
  video_id: string;
  position: number;
  segment_id: string;
  text: string;
  start: number | null;
  speaker: string | null;
  speaker_role: string | null;
};

/** A call as shown: its details, and each hit shown with the lines before and after it. */
function callResults(db: ReplicaDatabase): (tally: Tally) => LocalCallResult {
  const segment = db.prepare<[number], SegmentRow>(
    'SELECT video_id, position, segment_id, text, start, speaker, speaker_role FROM segments WHERE rowid = ?',
  );
  const textAt = db
    .prepare<[string, number], string>('SELECT text FROM segments WHERE video_id = ? AND position = ?')
    .pluck();
  return ({ span, count, shown }) => ({
    videoId: span.video_id,
    title: span.title,
    createdAt: span.created_at,
    dealId: span.deal_id,
    dealTitle: span.deal_title,
    count,
    hits: shown.map(({ rowid }) => {
      const row = segment.get(rowid)!;
      return {
        segmentId: row.segment_id,
        text: row.text,
        start: row.start,
        speaker: row.speaker,
        speakerRole: row.speaker_role,
        before: textAt.get(row.video_id, row.position - 1) ?? null,
        after: textAt.get(row.video_id, row.position + 1) ?? null,
      };
    }),
  });
}
