import { type InfiniteData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { VideoStatusFilter } from '../../shared/api';
import type { OperationResult } from '../../shared/bridge';
import { call, callInBackground } from '../api';
import { type ReadAheadSource, readAheadAt } from '../navigation/render-ahead';

export interface CallFilters {
  status?: VideoStatusFilter;
  created_after?: string;
  created_before?: string;
}

export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (filters: CallFilters) => [...callKeys.lists(), filters] as const,
  detail: (callId: string) => [...callKeys.all, 'detail', callId] as const,
  transcript: (callId: string) => [...callKeys.detail(callId), 'transcript'] as const,
  events: (callId: string) => [...callKeys.detail(callId), 'events'] as const,
  summary: (callId: string) => [...callKeys.detail(callId), 'summary'] as const,
  checklist: (callId: string) => [...callKeys.detail(callId), 'checklist'] as const,
  analyses: (callId: string) => [...callKeys.detail(callId), 'analyses'] as const,
};

/** The reads of a call that a link to it starts ahead (prefetchCall) and the call page then shows. */
export const callReads = {
  detail: (callId: string) =>
    queryOptions({
      queryKey: callKeys.detail(callId),
      queryFn: ({ signal }) => call('getVideo', { id: callId }, signal),
    }),
  transcript: (callId: string) =>
    queryOptions({
      queryKey: callKeys.transcript(callId),
      queryFn: ({ signal }) => call('getTranscript', { id: callId }, signal),
      staleTime: 10 * 60_000,
      // One read ahead is asked for by the call page once painted, not as it mounts (see `readAheadAt`).
      refetchOnMount: (query) => query.state.dataUpdatedAt !== readAheadAt,
    }),
};

/**
 * The transcripts a calls list reads ahead when idle: those the local copy holds, so a click on a
 * call paints its rows with its title. 24 beyond the calls in view stay in the page.
 */
export const heldTranscripts: ReadAheadSource<OperationResult<'getTranscript'>> = {
  queryKey: callKeys.transcript,
  readHeld: (callId, signal) => callInBackground('getHeldTranscript', { id: callId }, signal),
  kept: 24,
};

type CallAnswer = OperationResult<'getVideo'>;

/**
 * The call's record from a page of the calls list already read, as its own answer would give it
 * (the list and the call read the same record): the call page shows it while its own read is on
 * the way, and that read still replaces it.
 */
export function callFromLists(queryClient: QueryClient, callId: string): CallAnswer | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<OperationResult<'listVideos'>>>({ queryKey: callKeys.lists() });
  for (const [, list] of lists) {
    for (const page of list?.pages ?? []) {
      const video = page.data.find((candidate) => candidate.id === callId);
      if (video) return { data: video, meta: { request_id: page.meta.request_id }, unreadable: [] };
    }
  }
  return undefined;
}

/**
 * Starts the reads the call page paints first when the person goes for the call (pressing on its
 * link), so they are on the way while the page renders: its transcript unless the page holds it
 * already, and the call itself unless a calls list already holds its record (the page shows that,
 * and reads the call after the transcript).
 */
export function prefetchCall(queryClient: QueryClient, callId: string): void {
  if (!queryClient.getQueryData(callKeys.transcript(callId)))
    void queryClient.prefetchQuery(callReads.transcript(callId));
  if (!callFromLists(queryClient, callId)) void queryClient.prefetchQuery(callReads.detail(callId));
}
