import { useInfiniteQuery } from '@tanstack/react-query';
import type { DealStatus } from '../../shared/api';
import { listEnded, recordsOf } from '../state/cursor-pages';
import { useEveryPage } from '../state/useEveryPage';
import { dealQueries } from './queries';

export interface StatusTotals {
  count: number;
  /** The sum of the forecast amounts that are given; deals without one add nothing. */
  amount: number;
  /** False until the last page is read: the figures so far are a lower bound. */
  complete: boolean;
  /** Reading stopped short of the list's end (its pages do not end): the figures stay a lower bound. */
  endless: boolean;
  failed: boolean;
}

/**
 * A status's count and forecast sum, counted here while `counts` (when the board's read did not
 * bring them from the local copy). The interface offers no totals, so every page is read in
 * turn, one after the other (never in parallel: the cursor of each comes from the one before),
 * at the shared page budget's pace, and the figures grow as they come.
 */
export function useStatusTotals(status: DealStatus, counts: boolean): StatusTotals | null {
  const pages = useInfiniteQuery({ ...dealQueries.totals(status), enabled: counts });
  useEveryPage(pages, counts);
  if (!pages.data) return null;
  const deals = recordsOf(pages.data.pages);
  const complete = listEnded(pages.data.pages);
  return {
    count: deals.length,
    amount: deals.reduce((sum, deal) => sum + (typeof deal.forecast_amount === 'number' ? deal.forecast_amount : 0), 0),
    complete,
    endless: !complete && !pages.hasNextPage && !pages.isError,
    failed: pages.isError,
  };
}
