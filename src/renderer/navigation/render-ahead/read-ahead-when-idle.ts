import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * When an answer read ahead counts as read: never, so it is stale. The screen that shows it paints
 * it at once and asks for it after that paint (a press and the screen's mount leave it be: their
 * request would come between the click and its frame); its query's `refetchOnMount` checks this.
 */
export const readAheadAt = 0;

/** What a list reads ahead of the records it shows, and how many of those answers stay. */
export interface ReadAheadSource<Answer> {
  /** The query the screen of a record reads the answer with. */
  queryKey: (id: string) => QueryKey;
  /** The answer the app already holds for a record (the local copy's), never a request to the service. */
  readHeld: (id: string, signal: AbortSignal) => Promise<Answer | null>;
  /** Beyond the records in view, at most this many answers read ahead that no screen shows stay in the page. */
  kept: number;
}

/** Per source, the records whose answers were read ahead, oldest first. */
const readAheadOf = new WeakMap<ReadAheadSource<unknown>, string[]>();

/**
 * Read ahead when idle: once the page is idle, puts into the page the answers the app holds of
 * the records a list shows, so a click on one paints its screen whole in the click's frame (the
 * call page with its transcript rows). Only held answers: no request reaches the service and none
 * of its rate limit is spent; `readHeld` runs them in the background lane, behind any read a
 * person waits for. Each is put in as stale (`readAheadAt`), so the screen, once painted, still
 * asks for it as it always did. Measured by docs/benchmarks.md, "Local-first in the browser":
 * "click in the calls list → first transcript rows painted".
 */
export function useReadAheadWhenIdle<Answer>(ids: readonly string[], source: ReadAheadSource<Answer>): void {
  const queryClient = useQueryClient();
  const shown = ids.join('\n');
  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    const idle = requestIdleCallback(() => {
      const inView = new Set(shown.split('\n'));
      for (const id of inView) void readAhead(queryClient, source, id, inView, controller.signal);
    });
    return () => {
      cancelIdleCallback(idle);
      controller.abort();
    };
  }, [shown, queryClient, source]);
}

async function readAhead<Answer>(
  queryClient: QueryClient,
  source: ReadAheadSource<Answer>,
  id: string,
  inView: ReadonlySet<string>,
  signal: AbortSignal,
) {
  const queryKey = source.queryKey(id);
  if (queryClient.getQueryData(queryKey)) return;
  const held = await source.readHeld(id, signal).catch(() => null);
  // The screen may have read it meanwhile: its own answer is newer.
  if (!held || queryClient.getQueryData(queryKey)) return;
  queryClient.setQueryData(queryKey, held, { updatedAt: readAheadAt });
  let readAhead = readAheadOf.get(source);
  if (!readAhead) {
    readAhead = [];
    readAheadOf.set(source, readAhead);
  }
  readAhead.push(id);
  forgetOldest(queryClient, source, readAhead, inView);
}

/**
 * Beyond `kept`, the oldest answers read ahead go, unless their record is in view, a screen shows
 * one, or the page has read it itself since.
 */
function forgetOldest<Answer>(
  queryClient: QueryClient,
  source: ReadAheadSource<Answer>,
  readAhead: string[],
  inView: ReadonlySet<string>,
) {
  for (let index = 0; readAhead.length > source.kept && index < readAhead.length; ) {
    const id = readAhead[index]!;
    if (inView.has(id)) {
      index += 1;
      continue;
    }
    readAhead.splice(index, 1);
    const query = queryClient.getQueryCache().find({ queryKey: source.queryKey(id), exact: true });
    if (query && query.getObserversCount() === 0 && query.state.dataUpdatedAt === readAheadAt)
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}
