import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Analysis } from '../../shared/api';
import { BridgeCallError, call } from '../api';
import type { JobDescriptor } from '../jobs/job-descriptor';
import { type CallFilters, callKeys } from '../records/call-reads';
import { nextCursor } from '../state/cursor-pages';

/** A call never analysed answers 404 for its summary and checklist (design.md): that is a state, not an error. */
async function unlessNotAnalysed<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof BridgeCallError && error.detail.code === 'not_found') return null;
    throw error;
  }
}

export const callQueries = {
  /**
   * The calls list: its calls with what the local copy holds of each row's deal, one read a page;
   * a row whose deal the copy does not bring reads its own.
   */
  list: (filters: CallFilters) =>
    infiniteQueryOptions({
      queryKey: callKeys.list(filters),
      queryFn: ({ pageParam, signal }) => call('listCallRows', { ...filters, cursor: pageParam, limit: 50 }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
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
