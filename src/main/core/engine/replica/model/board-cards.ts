import {
  type BoardCardFacts,
  type BoardDeals,
  type BoardDealsParams,
  type BoardTotals,
  PRICING_SEARCH,
} from '../../../../../shared/bridge';
import { ftsQuery } from '../local-search';
import { offlineList } from '../offline-lists';
import type { ReplicaDatabase } from '../replica-db';
import { searchTablesVersion } from '../transcript-index';

/** The newest scorings a card's warnings weigh (the renderer's deal-warnings.ts, as its own read asks). */
const CARD_SCORINGS = 10;

/**
 * Per copy, while its search tables do not change (a copy the sync keeps up to date, opened
 * again and again): the lines the index finds pricing in, and each deal's count of mentions.
 */
const pricingRead = new WeakMap<
  ReplicaDatabase,
  { version: number; lines: readonly number[]; mentions: Map<string, number | null> }
>();

/** How many of the ascending `lines` lie between `first` and `last` (inclusive). */
function countBetween(lines: readonly number[], first: number, last: number): number {
  const firstAtOrAfter = (value: number) => {
    let [low, high] = [0, lines.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (lines[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return firstAtOrAfter(last + 1) - firstAtOrAfter(first);
}

interface HeldList {
  ranked: number;
  more: number;
}

interface DealCall {
  held: number;
  first_rowid: number | null;
  last_rowid: number | null;
}

/**
 * What the copy holds of each card (board-cards' facts), read from the workspace model: the same
 * values the card's own reads would give from the answers they come from. A fact the model cannot
 * answer as that read would is null: a deal whose detail was never stored, a list whose first
 * page was not, or ranked fewer records than the read asks for while the service had more, a
 * deal one of whose calls' transcripts is not held.
 */
export function boardFacts(db: ReplicaDatabase, dealIds: readonly string[]): Record<string, BoardCardFacts> {
  const detail = db.prepare<[string], { probability: number | null; detail_at: number | null }>(
    'SELECT probability, detail_at FROM deals WHERE id = ?',
  );
  const heldList = db.prepare<[string, string], HeldList>(
    'SELECT ranked, more FROM held_lists WHERE op = ? AND parent_id = ?',
  );
  const newestActivity = db
    .prepare<[string], string | null>('SELECT created_at FROM activities WHERE deal_id = ? AND rank = 0')
    .pluck();
  const newestScorings = db
    .prepare<[string, number], string>('SELECT body FROM scorings WHERE deal_id = ? AND rank < ? ORDER BY rank')
    .pluck();
  const calls = db.prepare<[string], DealCall>(
    `SELECT h.video_id IS NOT NULL AS held, s.first_rowid, s.last_rowid
     FROM calls c LEFT JOIN transcripts_held h ON h.video_id = c.id LEFT JOIN segment_spans s ON s.video_id = c.id
     WHERE c.deal_id = ? AND coalesce(c.status, '') <> 'DELETED' AND c.removed_at IS NULL`,
  );
  const substringHits = db
    .prepare<[number, number, string], number>(
      'SELECT count(*) FROM segments WHERE rowid BETWEEN ? AND ? AND instr(lower(text), ?) > 0',
    )
    .pluck();
  const version = searchTablesVersion(db);
  let pricing = pricingRead.get(db);
  if (pricing?.version !== version) {
    // One pass over the index for the lines with a word starting so: a query per call took 100 ms a board.
    const lines = db
      .prepare<[string], number>('SELECT rowid FROM segment_fts WHERE segment_fts MATCH ? ORDER BY rowid')
      .pluck()
      .all(ftsQuery(PRICING_SEARCH, 'words')!);
    pricing = { version, lines, mentions: new Map() };
    pricingRead.set(db, pricing);
  }
  const { lines, mentions } = pricing;

  /** The first `wanted` of a list in the service's order are known: ranked, or the whole list. */
  const knows = (list: HeldList | undefined, wanted: number): list is HeldList =>
    list !== undefined && (list.ranked >= wanted || list.more === 0);

  function latestActivity(dealId: string): BoardCardFacts['latestActivity'] {
    const list = heldList.get('listActivities', dealId);
    if (!knows(list, 1)) return null;
    if (list.ranked === 0) return { at: null };
    const at = newestActivity.get(dealId);
    return at === undefined ? null : at === null ? {} : { at };
  }

  function scorings(dealId: string): BoardCardFacts['scorings'] {
    if (!knows(heldList.get('listScorings', dealId), CARD_SCORINGS)) return null;
    return newestScorings.all(dealId, CARD_SCORINGS).map((body) => JSON.parse(body));
  }

  /**
   * The service's search is a substring search: the index's word prefixes find most mentions at
   * once, and only a deal they find none in has its lines read for the substring (repriced,
   * overpriced), so "never mentioned" is said only when no line holds it.
   */
  function pricingMentions(dealId: string): number | null {
    const known = mentions.get(dealId);
    if (known !== undefined) return known;
    const held = calls.all(dealId);
    const spans = held.flatMap((call) =>
      call.first_rowid === null || call.last_rowid === null ? [] : [[call.first_rowid, call.last_rowid] as const],
    );
    let count: number | null = null;
    if (held.every((call) => call.held)) {
      count = spans.reduce((sum, [first, last]) => sum + countBetween(lines, first, last), 0);
      if (count === 0) {
        count = spans.reduce((sum, [first, last]) => sum + substringHits.get(first, last, PRICING_SEARCH)!, 0);
      }
    }
    mentions.set(dealId, count);
    return count;
  }

  const facts: Record<string, BoardCardFacts> = {};
  for (const dealId of dealIds) {
    const deal = detail.get(dealId);
    facts[dealId] = {
      probability: deal?.detail_at != null ? { value: deal.probability } : null,
      latestActivity: latestActivity(dealId),
      scorings: scorings(dealId),
      pricingMentions: pricingMentions(dealId),
    };
  }
  return facts;
}

/** A status's count and forecast sum over the deals the copy holds, as its own list would count them. */
export function statusTotals(db: ReplicaDatabase, status: string): BoardTotals {
  const row = db
    .prepare<[string], BoardTotals>(
      `SELECT count(*) AS count, total(forecast_amount) AS amount FROM deals
       WHERE status = ? AND body IS NOT NULL AND created_ms IS NOT NULL AND removed_at IS NULL`,
    )
    .get(status);
  return row ?? { count: 0, amount: 0 };
}

/**
 * A Pipeline column's page from the copy: the deals as the offline list gives them, each card's
 * facts and the status's totals. Null when the copy cannot answer it (no walk of the deals ended
 * yet, a cursor it cannot place); DELETED deals are the service's to list, as walks leave them out.
 */
export function boardPageFromCopy(db: ReplicaDatabase, params: BoardDealsParams): BoardDeals | null {
  if (params.status === 'DELETED') return null;
  const page = offlineList(db, 'listDeals', params);
  if (!page || 'outside' in page) return null;
  const ids = (page.data as { id: string }[]).map((deal) => deal.id);
  return { ...(page as BoardDeals), facts: boardFacts(db, ids), totals: statusTotals(db, params.status) };
}
