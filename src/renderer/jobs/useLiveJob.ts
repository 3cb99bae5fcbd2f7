import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Analysis, Scoring } from '../../shared/api';
import { call, newIdempotencyKey } from '../api';
import { getBridge } from '../platform';
import { JOB_POLL_MS, type JobDescriptor } from './job-descriptor';
import { liveJobKey, useLiveJobsStore } from './live-jobs-store';

/**
 * Start a job and follow it to its end: the job started here, or else the newest one from
 * the history when it is still processing (started elsewhere or before a reload).
 */
export function useLiveJob<J extends Analysis | Scoring>(
  descriptor: JobDescriptor<J>,
  parentId: string,
  newestFromHistory: J | undefined,
) {
  const queryClient = useQueryClient();
  const tracked = useLiveJobsStore((state) => state.started[liveJobKey(descriptor.kind, parentId)]);
  const track = useLiveJobsStore((state) => state.track);
  const resumed = newestFromHistory?.status === 'processing' ? newestFromHistory.id : undefined;
  const jobId = tracked?.jobId ?? resumed;

  const start = useMutation({
    mutationFn: () => descriptor.start(parentId, newIdempotencyKey()),
    onSuccess: (envelope) => {
      queryClient.setQueryData(descriptor.key(parentId, envelope.data.id), envelope);
      track(descriptor.kind, parentId, envelope.data.id);
      void queryClient.invalidateQueries({ queryKey: descriptor.history(parentId) });
    },
  });

  const job = useQuery(
    queryOptions({
      queryKey: jobId ? descriptor.key(parentId, jobId) : ['jobs', 'none'],
      queryFn: ({ signal }) => descriptor.get(parentId, jobId!, signal),
      enabled: jobId !== undefined,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.data.status === 'processing' ? JOB_POLL_MS : false),
    }),
  );

  const status = job.data?.data.status;
  useEffect(() => {
    if (!jobId || status !== 'processing') return;
    const ref = { kind: descriptor.kind, parentId, jobId };
    void call('watchJob', ref).catch(() => undefined);
    const stop = getBridge().on('jobUpdated', (event) => {
      if (event.job.id === jobId) void queryClient.invalidateQueries({ queryKey: descriptor.key(parentId, jobId) });
    });
    return () => {
      stop();
      void call('unwatchJob', ref).catch(() => undefined);
    };
  }, [descriptor, parentId, jobId, status, queryClient]);

  // Once per finished job: the results it produced appear without a reload.
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || (status !== 'completed' && status !== 'failed') || settled.current === jobId) return;
    settled.current = jobId;
    for (const queryKey of descriptor.affected(parentId)) void queryClient.invalidateQueries({ queryKey });
  }, [descriptor, parentId, jobId, status, queryClient]);

  return { start, job, startedAt: tracked?.startedAt };
}
