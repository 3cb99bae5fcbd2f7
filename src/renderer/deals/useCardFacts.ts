import { useQueries } from '@tanstack/react-query';
import type { Deal } from '../../shared/api';
import type { BoardCardFacts } from '../../shared/bridge';
import type { CardFacts, DealSortKey } from './board-view';
import { dealQueries } from './queries';

export interface BoardCard extends CardFacts {
  /** Whether the deal's detail, which carries its probability, has been read. */
  probabilityRead: 'pending' | 'failed' | 'done';
}

export interface BoardFacts {
  byId: Map<string, BoardCard>;
  /** Deals whose value for the chosen order is still being read. */
  reading: number;
}

/**
 * What the board filters and sorts each loaded card by. The deal list carries no probability
 * (interface: only the deal detail has it): the column's read brings what the local copy holds
 * of each card (`held`), and a card it lacks reads its deal's detail, the same cached query the
 * deal page and the calls table use; the newest activity is read so only while the board is
 * ordered by it.
 */
export function useCardFacts(
  deals: readonly Deal[],
  sortKey: DealSortKey | null,
  held: ReadonlyMap<string, BoardCardFacts>,
): BoardFacts {
  // Only the cards the copy lacks a fact for read it: a query per card of a synced board, though
  // never run, cost the column's render about as much as the rest of it (docs/benchmarks.md).
  const lackingProbability = deals.filter((deal) => !held.get(deal.id)?.probability);
  const lackingActivity = sortKey === 'activity' ? deals.filter((deal) => !held.get(deal.id)?.latestActivity) : [];
  const details = useQueries({ queries: lackingProbability.map((deal) => dealQueries.cardDetail(deal.id)) });
  const activities = useQueries({ queries: lackingActivity.map((deal) => dealQueries.latestActivity(deal.id)) });
  const detailOf = new Map(lackingProbability.map((deal, index) => [deal.id, details[index]]));
  const activityOf = new Map(lackingActivity.map((deal, index) => [deal.id, activities[index]]));
  const byId = new Map<string, BoardCard>();
  let reading = 0;
  for (const deal of deals) {
    const { probability, latestActivity } = held.get(deal.id) ?? { probability: null, latestActivity: null };
    const detail = detailOf.get(deal.id);
    const activity = activityOf.get(deal.id);
    if (sortKey === 'probability' && detail?.isPending) reading += 1;
    if (activity?.isPending) reading += 1;
    byId.set(deal.id, {
      closeDate: deal.close_date,
      amount: deal.forecast_amount,
      probability: probability ? probability.value : detail?.data?.data.probability,
      lastActivityAt: latestActivity ? latestActivity.at : activity?.data?.at,
      probabilityRead: probability ? 'done' : detail?.isPending ? 'pending' : detail?.isError ? 'failed' : 'done',
    });
  }
  return { byId, reading };
}
