import { useEffect, useRef } from 'react';

/**
 * The row after the last loaded one: when it scrolls into view the next page is fetched, once
 * per appearance, never in a loop. A button does the same for keyboard users.
 */
export function InfiniteSentinel({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label = 'Load more',
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const canLoad = hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    const element = ref.current;
    if (!element || !canLoad) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={ref} className="sentinel">
      <button type="button" className="button small" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : label}
      </button>
    </div>
  );
}
