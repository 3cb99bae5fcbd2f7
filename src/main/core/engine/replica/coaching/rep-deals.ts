import type { Deal } from '../../../../../shared/api';
import type { RepDeals } from '../../../../../shared/bridge';
import { boardFacts } from '../model/board-cards';
import type { ReplicaDatabase } from '../replica-db';

/**
 * The deals a rep owns that are still worked (OPEN and ON_HOLD: the statuses that warn), as their
 * list or detail last gave them, soonest close date first (those without one last), each with
 * the facts the Pipeline's cards read from the copy (probability, newest activity and scorings,
 * pricing mentions; null where the copy cannot answer as the deal's own read would).
 */
export function repDeals(db: ReplicaDatabase, memberId: string): Omit<RepDeals, 'copy'> {
  const deals = db
    .prepare<[string], string>(
      `SELECT body FROM deals
       WHERE owner_id = ? AND status IN ('OPEN', 'ON_HOLD') AND body IS NOT NULL AND removed_at IS NULL
       ORDER BY close_date IS NULL, close_date, created_ms DESC, id`,
    )
    .pluck()
    .all(memberId)
    .map((body) => JSON.parse(body) as Deal);
  return {
    deals,
    facts: boardFacts(
      db,
      deals.map((deal) => deal.id),
    ),
  };
}
