import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callInBackground } from '../api';
import { callKeys, readAheadAt } from '../records/call-reads';

/** Beyond the calls in view, at most this many read-ahead transcripts no screen shows stay in the page. */
const KEPT = 24;
/** The calls whose transcripts were read ahead, oldest first. */
const readAhead: string[] = [];

/**
 * Once the page is idle, puts into the page the transcripts the local copy holds of the calls a
 * list shows, so a click on one paints its rows with its title. Only held answers: no request
 * reaches the service and none of its rate limit is spent. The reads run in the background lane,
 * behind any read a person waits for. Each is put in as stale (`readAheadAt`), so the call page,
 * once painted, still asks for the transcript (and the core the service) as it always did.
 */
export function useTranscriptReadAhead(callIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const shown = callIds.join('\n');
  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    const idle = requestIdleCallback(() => {
      const inView = new Set(shown.split('\n'));
      for (const callId of inView) void readTranscriptAhead(queryClient, callId, inView, controller.signal);
    });
    return () => {
      cancelIdleCallback(idle);
      controller.abort();
    };
  }, [shown, queryClient]);
}

async function readTranscriptAhead(
  queryClient: QueryClient,
  callId: string,
  inView: ReadonlySet<string>,
  signal: AbortSignal,
) {
  const queryKey = callKeys.transcript(callId);
  if (queryClient.getQueryData(queryKey)) return;
  const held = await callInBackground('getHeldTranscript', { id: callId }, signal).catch(() => null);
  // The call page may have read it meanwhile: its own answer is newer.
  if (!held || queryClient.getQueryData(queryKey)) return;
  queryClient.setQueryData(queryKey, held, { updatedAt: readAheadAt });
  readAhead.push(callId);
  forgetOldest(queryClient, inView);
}

/**
 * Beyond `KEPT`, the oldest read-ahead transcripts go, unless their call is in view, a screen shows
 * one, or the page has read it itself since.
 */
function forgetOldest(queryClient: QueryClient, inView: ReadonlySet<string>) {
  for (let index = 0; readAhead.length > KEPT && index < readAhead.length; ) {
    const callId = readAhead[index]!;
    if (inView.has(callId)) {
      index += 1;
      continue;
    }
    readAhead.splice(index, 1);
    const query = queryClient.getQueryCache().find({ queryKey: callKeys.transcript(callId), exact: true });
    if (query && query.getObserversCount() === 0 && query.state.dataUpdatedAt === readAheadAt)
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}
