import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JobKind, QueuedJob } from '../../shared/bridge';
import { bridgeErrorOf, call } from '../api';
import { getBridge } from '../platform';
import { useLiveJobsStore } from './live-jobs-store';

export const queuedJobKeys = { all: ['queued-jobs'] as const };

/** The starts kept while the service could not be reached; main's `queuedJobsChanged` keeps them current. */
export const queuedJobsQuery = () =>
  queryOptions({
    queryKey: queuedJobKeys.all,
    queryFn: async ({ signal }) => (await call('listQueuedJobs', {}, signal)).jobs,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What each kind's start is called on its button. */
export const startWords: Record<JobKind, string> = { scoring: 'Re-score', analysis: 'Analyze' };

/**
 * Failures after which a start is kept and sent later rather than refused: the service could not
 * be reached, or asked to be left alone for a while. Refusals on the merits are shown as they are.
 */
export function canQueue(error: unknown): boolean {
  return ['network_error', 'timeout', 'service_unavailable', 'rate_limited'].includes(bridgeErrorOf(error).code);
}

/** The start of this deal's or call's job that waits to be sent (or was refused when sent), or null. */
export function useQueuedJob(kind: JobKind, parentId: string): QueuedJob | null {
  const queued = useQuery({
    ...queuedJobsQuery(),
    select: (jobs) => jobs.find((job) => job.kind === kind && job.parentId === parentId) ?? null,
  });
  return queued.data ?? null;
}

/** The deals or calls with a start of this kind waiting to be sent (refused ones included, until dismissed). */
export function useQueuedParents(kind: JobKind): ReadonlySet<string> {
  const queued = useQuery(queuedJobsQuery());
  return new Set((queued.data ?? []).filter((job) => job.kind === kind).map((job) => job.parentId));
}

/** Takes a waiting start back, or dismisses a refused one. */
export function useCancelQueuedJob() {
  const queryClient = useQueryClient();
  return async (idempotencyKey: string) => {
    const { jobs } = await call('cancelQueuedJob', { idempotencyKey });
    queryClient.setQueryData(queuedJobKeys.all, jobs);
  };
}

/**
 * Keeps the queue current from main's pushes, and hands a sent start's job to the live jobs, so
 * the deal or call page follows it as if it had just been started there.
 */
export function useQueuedJobEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      getBridge().on('queuedJobsChanged', ({ sent }) => {
        if (sent) useLiveJobsStore.getState().track(sent.kind, sent.parentId, sent.jobId);
        void queryClient.invalidateQueries({ queryKey: queuedJobKeys.all });
      }),
    [queryClient],
  );
}
