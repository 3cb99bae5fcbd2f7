import type { ReplicaDatabase } from './replica-db';

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
  /** Calls to return (each with its first hits); counts cover every call. */
  limit: number;
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
  deals: { dealId: string | null; title: string | null; calls: number; count: number }[];
  totalHits: number;
  /** Calls whose transcript is indexed here (or known to have none); the rest must be searched at the service. */
  indexedCalls: string[];
}

const HITS_PER_CALL = 3;

/** FTS5 query text from what was typed: words only (quotes and operators cannot be injected). */
export function ftsQuery(q: string, mode: LocalSearchQuery['mode']): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  if (mode === 'phrase') return `"${words.join(' ')}"`;
  return words.map((word) => (mode === 'whole-word' ? `"${word}"` : `"${word}"*`)).join(' AND ');
}

/**
 * Searches the transcripts the replica holds, grouped by call and by deal with counts, each call
 * with its first hits and their neighbouring lines. Filters run in SQL on the hits, so counts are
 * of what the filters let through.
 */
export function localSearch(db: ReplicaDatabase, query: LocalSearchQuery): LocalSearchResult {
  const match = ftsQuery(query.q, query.mode);
  // A call whose transcript the sync settled without one (not ready, never transcribed) has
  // nothing the service could find either: it counts as searched.
  const indexedCalls = db
    .prepare<[], { video_id: string }>(
      `SELECT DISTINCT video_id FROM segments
       UNION SELECT id FROM sync_parts WHERE kind = 'videos' AND part = 'getTranscript'`,
    )
    .all()
    .map((row) => row.video_id);
  if (match === null) return { calls: [], deals: [], totalHits: 0, indexedCalls };

  const filters: string[] = [];
  const values: unknown[] = [match];
  const filter = (sql: string, value: unknown) => {
    if (value === undefined) return;
    filters.push(sql);
    values.push(value);
  };
  filter('s.speaker_role = ?', query.speakerRole);
  filter('c.created_at >= ?', query.from);
  filter('c.created_at <= ?', query.to);
  filter('c.deal_id = ?', query.dealId);
  filter('d.status = ?', query.dealStatus);
  const where = filters.length > 0 ? `AND ${filters.join(' AND ')}` : '';
  // bm25 is computed only when ordering by it: for a one-letter query it would run on most lines.
  const hits = `
    SELECT s.rowid, s.video_id, s.position, ${query.order === 'best' ? 'f.rank' : '0'} AS rank, c.created_at, c.deal_id
    FROM segment_fts f
    JOIN segments s ON s.rowid = f.rowid
    LEFT JOIN calls c ON c.id = s.video_id
    LEFT JOIN deals d ON d.id = c.deal_id
    WHERE segment_fts MATCH ? ${where}`;

  const perCall = db
    .prepare(
      `SELECT video_id, count(*) AS count, min(rank) AS best, max(created_at) AS created_at
       FROM (${hits}) GROUP BY video_id
       ORDER BY ${query.order === 'best' ? 'best ASC' : 'created_at DESC'}, video_id DESC`,
    )
    .all(...values) as { video_id: string; count: number }[];
  const perDeal = db
    .prepare(
      `SELECT h.deal_id AS dealId, d.title, count(DISTINCT h.video_id) AS calls, count(*) AS count
       FROM (${hits}) h LEFT JOIN deals d ON d.id = h.deal_id
       GROUP BY h.deal_id ORDER BY count DESC`,
    )
    .all(...values) as LocalSearchResult['deals'];

  const callInfo = db.prepare<
    [string],
    { title: string | null; created_at: string | null; deal_id: string | null; deal_title: string | null }
  >(
    `SELECT c.title, c.created_at, c.deal_id, d.title AS deal_title
     FROM calls c LEFT JOIN deals d ON d.id = c.deal_id WHERE c.id = ?`,
  );
  const firstHits = db.prepare(
    `${hits} AND s.video_id = ? ORDER BY ${query.order === 'best' ? 'rank' : 's.position'} LIMIT ${HITS_PER_CALL}`,
  );
  const segmentAt = db.prepare<
    [string, number],
    { segment_id: string; text: string; start: number | null; speaker: string | null; speaker_role: string | null }
  >('SELECT segment_id, text, start, speaker, speaker_role FROM segments WHERE video_id = ? AND position = ?');

  const calls = perCall.slice(0, query.limit).map((row): LocalCallResult => {
    const info = callInfo.get(row.video_id);
    const found = firstHits.all(...values, row.video_id) as { video_id: string; position: number }[];
    return {
      videoId: row.video_id,
      title: info?.title ?? null,
      createdAt: info?.created_at ?? null,
      dealId: info?.deal_id ?? null,
      dealTitle: info?.deal_title ?? null,
      count: row.count,
      hits: found.map((hit) => {
        const segment = segmentAt.get(hit.video_id, hit.position)!;
        return {
          segmentId: segment.segment_id,
          text: segment.text,
          start: segment.start,
          speaker: segment.speaker,
          speakerRole: segment.speaker_role,
          before: segmentAt.get(hit.video_id, hit.position - 1)?.text ?? null,
          after: segmentAt.get(hit.video_id, hit.position + 1)?.text ?? null,
        };
      }),
    };
  });
  const totalHits = perCall.reduce((sum, row) => sum + row.count, 0);
  return { calls, deals: perDeal, totalHits, indexedCalls };
}
