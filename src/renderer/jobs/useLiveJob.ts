import { type InfiniteData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Analysis, jobOutcome, type Scoring } from '../../shared/api';
import type { JobKind } from '../../shared/bridge';
import { call, newIdempotencyKey } from '../api';
import { getBridge } from '../platform';
import { noteIfRefused } from '../state/refused-actions';
import { JOB_POLL_MS, type JobDescriptor, jobKeys } from './job-descriptor';
import { withJob } from './job-in-history';
import { liveJobKey, useLiveJobsStore } from './live-jobs-store';

/** The action of starting a job of this kind, as refused-actions names it. */
export const startAction = (kind: JobKind) => `start-${kind}`;

/**
 * Start a job and follow it to its end: the job started here (found in the history when the
 * service's answer to the start could not be read), or else the newest one from the history
 * when it is still processing (started elsewhere or before a reload).
 */
export function useLiveJob<J extends Analysis | Scoring>(
  descriptor: JobDescriptor<J>,
  parentId: string,
  newestFromHistory: J | undefined,
) {
  const queryClient = useQueryClient();
  const tracked = useLiveJobsStore((state) => state.started[liveJobKey(descriptor.kind, parentId)]);
  const { track, forget } = useLiveJobsStore.getState();
  const resumed = newestFromHistory && jobOutcome(newestFromHistory) === 'running' ? newestFromHistory.id : undefined;
  const jobId = tracked?.jobId ?? resumed;

  const historyIds = () =>
    new Set(
      queryClient
        .getQueryData<InfiniteData<{ data: J[] }>>(descriptor.history(parentId))
        ?.pages.flatMap((page) => page.data.map((entry) => entry.id)) ?? [],
    );

  const start = useMutation({
    // The jobs the history held before, so a job whose start answer could not be read is found in it after.
    onMutate: () => ({ known: historyIds() }),
    mutationFn: () => descriptor.start(parentId, newIdempotencyKey()),
    onError: (error) => noteIfRefused(startAction(descriptor.kind), error),
    // The mutation stays pending until the history is fresh, so the button cannot start a second job meanwhile.
    onSuccess: async (started, _variables, context) => {
      if (started.data) {
        queryClient.setQueryData(jobKeys.job(descriptor.kind, parentId, started.data.id), {
          ...started,
          data: started.data,
        });
        track(descriptor.kind, parentId, started.data.id);
      }
      await queryClient.invalidateQueries({ queryKey: descriptor.history(parentId), exact: true });
      if (!started.data) {
        // The job started but its answer could not be read: the one the history gained is it,
        // followed whatever its state (it may have finished already).
        const gained = [...historyIds()].find((id) => !context?.known.has(id));
        if (gained) track(descriptor.kind, parentId, gained);
        else forget(descriptor.kind, parentId);
      }
    },
  });

  // Main's watcher is the job's one stream: its pushes go straight into the cache. This side
  // reads the job itself only when it has none (a job resumed from the history) or when main
  // could not watch it.
  const [watchedBy, setWatchedBy] = useState<string | null>(null);
  const job = useQuery(
    queryOptions({
      queryKey: jobId ? jobKeys.job(descriptor.kind, parentId, jobId) : [...jobKeys.all, 'none'],
      queryFn: ({ signal }) => descriptor.get(parentId, jobId!, signal),
      enabled: jobId !== undefined,
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: (query) =>
        query.state.data && jobOutcome(query.state.data.data) === 'running' && watchedBy !== jobId
          ? JOB_POLL_MS
          : false,
    }),
  );

  const outcome = job.data ? jobOutcome(job.data.data) : undefined;
  useEffect(() => {
    if (!jobId || outcome !== 'running') return;
    let current = true;
    const ref = { kind: descriptor.kind, parentId, jobId };
    const stop = getBridge().on('jobUpdated', (event) => {
      if (event.job.id !== jobId) return;
      const updated = event.job as J;
      queryClient.setQueryData(jobKeys.job(descriptor.kind, parentId, jobId), {
        data: updated,
        meta: { request_id: event.requestId },
      });
      queryClient.setQueryData<InfiniteData<{ data: J[] }>>(descriptor.history(parentId), (history) =>
        withJob(history, updated),
      );
    });
    call('watchJob', ref).then(
      () => current && setWatchedBy(jobId),
      () => current && setWatchedBy(null),
    );
    return () => {
      current = false;
      stop();
      void call('unwatchJob', ref).catch(() => undefined);
    };
  }, [descriptor, parentId, jobId, outcome, queryClient]);

  // Once per finished job, whatever its outcome: the results it produced appear without a reload.
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || outcome === undefined || outcome === 'running' || settled.current === jobId) return;
    settled.current = jobId;
    for (const filters of descriptor.affected(parentId)) void queryClient.invalidateQueries(filters);
  }, [descriptor, parentId, jobId, outcome, queryClient]);

  return { start, job, startedAt: tracked?.startedAt, running: start.isPending || outcome === 'running' };
}
