import type { InfiniteData } from '@tanstack/react-query';

interface HistoryPage<J> {
  data: J[];
}

/** A job's history with one job's newer state in its place, so the history follows a live job without a fetch. */
export function withJob<J extends { id: string }, P extends HistoryPage<J>>(
  history: InfiniteData<P> | undefined,
  job: J,
): InfiniteData<P> | undefined {
  if (!history) return history;
  return {
    ...history,
    pages: history.pages.map((page) =>
      page.data.some((entry) => entry.id === job.id)
        ? { ...page, data: page.data.map((entry) => (entry.id === job.id ? job : entry)) }
        : page,
    ),
  };
}
