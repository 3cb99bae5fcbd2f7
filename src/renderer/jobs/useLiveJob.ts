import { type InfiniteData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Analysis, jobOutcome, type Scoring, startedJobIn } from '../../shared/api';
import type { BridgeError, JobFollowState, JobKind } from '../../shared/bridge';
import { call, newIdempotencyKey } from '../api';
import { getBridge } from '../platform';
import { noteIfRefused } from '../state/refused-actions';
import { useUndoOffer } from '../state/undo-offer';
import { JOB_POLL_MS, type JobDescriptor, jobKeys } from './job-descriptor';
import { withJob } from './job-in-history';
import { liveJobKey, useLiveJobsStore } from './live-jobs-store';
import { canQueue, queuedJobKeys, startWords, useCancelQueuedJob, useQueuedJob } from './queued-jobs';

/** The action of starting a job of this kind, as refused-actions names it. */
export const startAction = (kind: JobKind) => `start-${kind}`;

/** Main's following of the job, when reading it did not simply work (bridge.ts, `jobFollowing`). */
export interface JobFollowTrouble {
  jobId: string;
  state: Exclude<JobFollowState, 'following'>;
  error: BridgeError | null;
}

/**
 * Start a job and follow it to an end the person sees: the job started here (found in the
 * history when the service's answer to the start could not be read), or else the newest one of
 * the history (`recent`, its newest page) when it is still processing (started elsewhere or
 * before a reload). When the job cannot be followed (its start or its progress cannot be read,
 * or it runs past main's bound) that is the state shown, with `lookAgain`.
 */
export function useLiveJob<J extends Analysis | Scoring>(
  descriptor: JobDescriptor<J>,
  parentId: string,
  recent: readonly J[] | undefined,
) {
  const queryClient = useQueryClient();
  const tracked = useLiveJobsStore((state) => state.started[liveJobKey(descriptor.kind, parentId)]);
  const { track, startedUnread } = useLiveJobsStore.getState();
  const queued = useQueuedJob(descriptor.kind, parentId);
  const cancelQueued = useCancelQueuedJob();
  const newest = recent?.[0];
  const resumed = newest && jobOutcome(newest) === 'running' ? newest.id : undefined;
  const jobId = tracked?.jobId ?? resumed;
  const unread = tracked?.jobId === null ? tracked : null;

  const historyIds = () => {
    const history = queryClient.getQueryData<InfiniteData<{ data: J[] }>>(descriptor.history(parentId));
    return history ? history.pages.flatMap((page) => page.data.map((entry) => entry.id)) : null;
  };
  const readHistoryAgain = () => queryClient.invalidateQueries({ queryKey: descriptor.history(parentId), exact: true });

  const start = useMutation({
    // The jobs the history held before, so a job whose start answer could not be read is found in
    // it after. A history still being read is waited for: without it, such a job is found only
    // while it runs, and a short one ends before the person looks again.
    onMutate: async () => {
      if (historyIds() === null) {
        await queryClient.refetchQueries(
          { queryKey: descriptor.history(parentId), exact: true },
          { cancelRefetch: false },
        );
      }
      return { known: historyIds() };
    },
    // A start the service could not take is kept, with its key, and sent when it answers again.
    mutationFn: async () => {
      const idempotencyKey = newIdempotencyKey();
      try {
        return await descriptor.start(parentId, idempotencyKey);
      } catch (error) {
        if (!canQueue(error)) throw error;
        const queued = await call('queueJob', { kind: descriptor.kind, parentId, idempotencyKey }).catch(() => {
          throw error;
        });
        queryClient.setQueryData(queuedJobKeys.all, queued.jobs);
        useUndoOffer
          .getState()
          .offerUndo(`${startWords[descriptor.kind]} will be sent when the service answers again.`, () =>
            cancelQueued(idempotencyKey),
          );
        return null;
      }
    },
    onError: (error) => noteIfRefused(startAction(descriptor.kind), error),
    // The mutation stays pending until the history is fresh, so the button cannot start a second job meanwhile.
    onSuccess: async (started, _variables, context) => {
      if (started === null) return;
      if (started.data) {
        queryClient.setQueryData(jobKeys.job(descriptor.kind, parentId, started.data.id), {
          ...started,
          data: started.data,
        });
        track(descriptor.kind, parentId, started.data.id);
      } else {
        // The job started but its answer could not be read: the one the history gains is it.
        startedUnread(descriptor.kind, parentId, started.meta.request_id, context?.known ?? null);
      }
      await readHistoryAgain();
    },
  });

  // Whenever the history is read again, a start whose answer could not be read looks for its job in it.
  useEffect(() => {
    if (!unread || !recent) return;
    const found = startedJobIn(recent, unread.known);
    if (found) track(descriptor.kind, parentId, found);
  }, [unread, recent, descriptor.kind, parentId, track]);

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
  const [trouble, setTrouble] = useState<JobFollowTrouble | null>(null);
  // "Look again" after main stopped following: a new round of watching.
  const [watchRound, setWatchRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (Look again) watches the job again
  useEffect(() => {
    if (!jobId || outcome !== 'running') return;
    let current = true;
    const ref = { kind: descriptor.kind, parentId, jobId };
    const bridge = getBridge();
    const stopUpdates = bridge.on('jobUpdated', (event) => {
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
    const stopFollowing = bridge.on('jobFollowing', (event) => {
      if (event.jobId !== jobId || event.kind !== descriptor.kind) return;
      setTrouble(event.state === 'following' ? null : { jobId, state: event.state, error: event.error });
    });
    call('watchJob', ref).then(
      () => current && setWatchedBy(jobId),
      () => current && setWatchedBy(null),
    );
    return () => {
      current = false;
      stopUpdates();
      stopFollowing();
      void call('unwatchJob', ref).catch(() => undefined);
    };
  }, [descriptor, parentId, jobId, outcome, queryClient, watchRound]);

  // Once per finished job, whatever its outcome: the results it produced appear without a reload.
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || outcome === undefined || outcome === 'running' || settled.current === jobId) return;
    settled.current = jobId;
    for (const filters of descriptor.affected(parentId)) void queryClient.invalidateQueries(filters);
  }, [descriptor, parentId, jobId, outcome, queryClient]);

  const troubleNow = trouble?.jobId === jobId && outcome === 'running' ? trouble : null;
  const stopped = troubleNow !== null && troubleNow.state !== 'retrying';
  const lookAgain = useMutation({
    mutationFn: async () => {
      if (unread && jobId === undefined) {
        // Asked of the service, not the local copy: a history read a moment ago may be held as it was.
        const found = await call('findStartedJob', {
          kind: descriptor.kind,
          parentId,
          known: unread.known && [...unread.known],
        });
        if (found.jobId) track(descriptor.kind, parentId, found.jobId);
        await readHistoryAgain();
        return;
      }
      setTrouble(null);
      await job.refetch();
      setWatchRound((round) => round + 1);
    },
  });

  return {
    start,
    job,
    startedAt: tracked?.startedAt,
    running: start.isPending || (outcome === 'running' && !stopped),
    /** Main could not read the job's progress just now, gave up, or stopped following it. */
    trouble: troubleNow,
    /** A start whose answer could not be read, and whose job the history does not show (yet). */
    unread: jobId === undefined && !start.isPending ? unread : null,
    /** Looks for the job again: the one an unread start created, or the one main stopped following. */
    lookAgain,
    /** A start kept while the service could not be reached, waiting to be sent (or refused when sent). */
    queued,
    /** Takes the queued start back (or dismisses its refusal). */
    cancelQueued,
  };
}

export type LiveJob<J extends Analysis | Scoring> = ReturnType<typeof useLiveJob<J>>;
