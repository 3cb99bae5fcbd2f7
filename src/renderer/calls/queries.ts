import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Analysis, VideoStatusFilter } from '../../shared/api';
import type { OperationResult } from '../../shared/bridge';
import { BridgeCallError, call } from '../api';
import type { JobDescriptor } from '../jobs/job-descriptor';
import { nextCursor } from '../state/cursor-pages';

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

/** A call never analysed answers 404 for its summary and checklist (design.md): that is a state, not an error. */
async function unlessNotAnalysed<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof BridgeCallError && error.detail.code === 'not_found') return null;
    throw error;
  }
}

/**
 * When a transcript read ahead from the local copy (transcript-read-ahead.ts) counts as read: never,
 * so it is stale. The call page paints it at once and asks for it after that paint (the press and
 * the page's mount leave it be: their request would come between the click and its frame).
 */
export const readAheadAt = 0;

export const callQueries = {
  list: (filters: CallFilters) =>
    infiniteQueryOptions({
      queryKey: callKeys.list(filters),
      queryFn: ({ pageParam, signal }) => call('listVideos', { ...filters, cursor: pageParam, limit: 50 }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
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
  events: (callId: string) =>
    queryOptions({
      queryKey: callKeys.events(callId),
      queryFn: ({ signal }) => call('getVideoEvents', { id: callId }, signal),
    }),
  summary: (callId: string) =>
    queryOptions({
      queryKey: callKeys.summary(callId),
      queryFn: ({ signal }) => unlessNotAnalysed(call('getSummary', { id: callId }, signal)),
    }),
  checklist: (callId: string) =>
    queryOptions({
      queryKey: callKeys.checklist(callId),
      queryFn: ({ signal }) => unlessNotAnalysed(call('getChecklist', { id: callId }, signal)),
    }),
  analyses: (callId: string) =>
    infiniteQueryOptions({
      queryKey: callKeys.analyses(callId),
      queryFn: ({ pageParam, signal }) => call('listAnalyses', { id: callId, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
    }),
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
    void queryClient.prefetchQuery(callQueries.transcript(callId));
  if (!callFromLists(queryClient, callId)) void queryClient.prefetchQuery(callQueries.detail(callId));
}

export const analysisJob: JobDescriptor<Analysis> = {
  kind: 'analysis',
  start: (callId, idempotencyKey) => call('startAnalysis', { id: callId, idempotencyKey }),
  get: (callId, analysisId, signal) => call('getAnalysis', { id: callId, analysis_id: analysisId }, signal),
  history: callKeys.analyses,
  // Not the transcript: an analysis does not change it, and it can be thousands of segments.
  affected: (callId) => [
    { queryKey: callKeys.summary(callId) },
    { queryKey: callKeys.checklist(callId) },
    { queryKey: callKeys.events(callId) },
    { queryKey: callKeys.analyses(callId) },
  ],
};
