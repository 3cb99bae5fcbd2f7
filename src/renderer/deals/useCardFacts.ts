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
  const details = useQueries({
    queries: deals.map((deal) => ({ ...dealQueries.cardDetail(deal.id), enabled: !held.get(deal.id)?.probability })),
  });
  const activities = useQueries({
    queries: deals.map((deal) => ({
      ...dealQueries.latestActivity(deal.id),
      enabled: sortKey === 'activity' && !held.get(deal.id)?.latestActivity,
    })),
  });
  const byId = new Map<string, BoardCard>();
  let reading = 0;
  deals.forEach((deal, index) => {
    const { probability, latestActivity } = held.get(deal.id) ?? { probability: null, latestActivity: null };
    const detail = details[index];
    const activity = activities[index];
    if (sortKey === 'probability' && !probability && detail?.isPending) reading += 1;
    if (sortKey === 'activity' && !latestActivity && activity?.isPending) reading += 1;
    byId.set(deal.id, {
      closeDate: deal.close_date,
      amount: deal.forecast_amount,
      probability: probability ? probability.value : detail?.data?.data.probability,
      lastActivityAt: latestActivity ? latestActivity.at : activity?.data?.at,
      probabilityRead: probability ? 'done' : detail?.isPending ? 'pending' : detail?.isError ? 'failed' : 'done',
    });
  });
  return { byId, reading };
}
