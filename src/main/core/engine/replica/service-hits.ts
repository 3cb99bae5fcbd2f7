import type { CallFacts, LocalSearchQuery } from './local-search';
import type { ReplicaDatabase } from './replica-db';

/** A hit as the service's transcript search gives it (fields read tolerantly). */
export interface ServiceHit {
  id?: string;
  text?: string;
  start?: number;
  video_id?: string;
  speaker?: string;
  speaker_role?: string;
  video_title?: string;
  deal_id?: string;
}

export interface CheckedServiceHits {
  /**
   * Per call the local index does not hold, its hits that hold under the search's mode and
   * filters, and what the replica knows of it (its list pages are walked before transcripts).
   */
  calls: Map<string, { hits: ServiceHit[]; known: CallFacts | null }>;
  /** Calls with such hits left out: a filter asks for their date or deal status, which is not known here. */
  unchecked: number;
}

/** Case and accents aside, as the index's tokenizer (`unicode61 remove_diacritics 2`) reads words. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const WORD_START = '(?<![\\p{L}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{N}])';

/**
 * Which lines hold under a local search's mode, which the service's substring search does not
 * know: every word as the start of a word ('words') or as a whole word ('whole-word'), or the
 * words in this order with nothing but spaces and punctuation between them ('phrase'). Made once
 * a search, asked of each hit.
 */
export function modeMatcher(q: string, mode: LocalSearchQuery['mode']): (line: string) => boolean {
  const words = plain(q).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return () => false;
  const end = mode === 'whole-word' ? WORD_END : '';
  const patterns =
    mode === 'phrase'
      ? [new RegExp(`${WORD_START}${words.join('[^\\p{L}\\p{N}]+')}${WORD_END}`, 'u')]
      : words.map((word) => new RegExp(`${WORD_START}${word}${end}`, 'u'));
  return (line) => {
    const text = plain(line);
    return patterns.every((pattern) => pattern.test(text));
  };
}

type CallRow = CallFacts & { id: string };

/**
 * The service's hits for calls the local index does not hold, held to everything the local search
 * holds its own to: the mode and the speaker role on the line, and the date range and deal status
 * on what the replica knows of the call. A call whose date or deal status a filter needs but the
 * replica does not know (its list page not walked yet, or no local copy) is left out and counted,
 * never shown as matching a filter it may not match. The deal is the service's own filter.
 */
export function checkServiceHits(
  db: ReplicaDatabase | null,
  query: LocalSearchQuery,
  hits: ServiceHit[],
  indexed: ReadonlySet<string>,
): CheckedServiceHits {
  const holds = modeMatcher(query.q, query.mode);
  const byCall = new Map<string, ServiceHit[]>();
  for (const hit of hits) {
    const videoId = hit.video_id;
    if (typeof videoId !== 'string' || indexed.has(videoId)) continue;
    if (query.speakerRole !== undefined && hit.speaker_role !== query.speakerRole) continue;
    if (!holds(hit.text ?? '')) continue;
    byCall.set(videoId, [...(byCall.get(videoId) ?? []), hit]);
  }
  const known = db ? knownCalls(db, [...byCall.keys()]) : new Map<string, CallRow>();
  const from = query.from === undefined ? null : Date.parse(query.from);
  const to = query.to === undefined ? null : Date.parse(query.to);
  const calls: CheckedServiceHits['calls'] = new Map();
  let unchecked = 0;
  for (const [videoId, callHits] of byCall) {
    const row = known.get(videoId);
    const createdMs = row?.created_ms ?? null;
    const dealStatus = row?.deal_status ?? null;
    if ((from !== null || to !== null) && createdMs === null) unchecked += 1;
    else if (query.dealStatus !== undefined && dealStatus === null) unchecked += 1;
    else if (
      (from === null || createdMs! >= from) &&
      (to === null || createdMs! <= to) &&
      (query.dealStatus === undefined || dealStatus === query.dealStatus)
    ) {
      calls.set(videoId, { hits: callHits, known: row ?? null });
    }
  }
  return { calls, unchecked };
}

function knownCalls(db: ReplicaDatabase, ids: string[]): Map<string, CallRow> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare<[string], CallRow>(
      `SELECT c.id, c.title, c.created_at, c.created_ms, c.deal_id, d.title AS deal_title, d.status AS deal_status
       FROM calls c LEFT JOIN deals d ON d.id = c.deal_id
       WHERE c.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  return new Map(rows.map((row) => [row.id, row]));
}
