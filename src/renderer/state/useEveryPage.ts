import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { waitForPageSlot } from './cursor-pages';

/**
 * Reads every page of an infinite query in turn while `enabled`, each at the pace of the shared
 * page budget (`waitForPageSlot`); stops at an error, and where `nextCursor` ends the list.
 */
export function useEveryPage<T>(pages: UseInfiniteQueryResult<InfiniteData<T>>, enabled = true): void {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  useEffect(() => {
    if (!enabled || !hasNextPage || isFetchingNextPage || isError) return;
    const timer = window.setTimeout(() => void fetchNextPage(), waitForPageSlot());
    return () => window.clearTimeout(timer);
  }, [enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
}
