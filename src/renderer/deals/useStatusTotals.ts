import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DealStatus } from '../../shared/api';
import { dealQueries } from './queries';

export interface StatusTotals {
  count: number;
  /** The sum of the forecast amounts that are given; deals without one add nothing. */
  amount: number;
  /** False until the last page is read: the figures so far are a lower bound. */
  complete: boolean;
  failed: boolean;
}

/**
 * A status's count and forecast sum. The interface offers no totals, so every page is read in
 * turn, one after the other (never in parallel: the cursor of each comes from the one before),
 * and the figures grow as they come.
 */
export function useStatusTotals(status: DealStatus): StatusTotals | null {
  const pages = useInfiniteQuery(dealQueries.totals(status));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  if (!pages.data) return null;
  const deals = pages.data.pages.flatMap((page) => page.data);
  return {
    count: deals.length,
    amount: deals.reduce((sum, deal) => sum + (typeof deal.forecast_amount === 'number' ? deal.forecast_amount : 0), 0),
    complete: !hasNextPage,
    failed: isError,
  };
}
