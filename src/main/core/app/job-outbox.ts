import { timerDelay } from '../../../node-shared/timer-delay';
import { startedJobIn } from '../../../shared/api';
import type { BridgeEventPayload, QueuedJob } from '../../../shared/bridge';
import type { Engine } from '../engine/engine';
import type { StoredQueuedJob } from '../engine/replica/model/queued-jobs';
import type { StoredWorkspace } from '../platform/settings/settings-schema';
import { ApiError, toBridgeError } from '../service-client/api-client/api-error';
import type { RetryPolicy } from '../service-client/api-client/retry-policy';
import type { Job } from './job-watcher';
import { type BridgeEventListener, quickRetry, type ServiceAccess } from './service-access';

export interface OutboxBackoff {
  firstMs: number;
  maxMs: number;
}

export interface JobOutboxOptions {
  service: ServiceAccess;
  engine: Engine;
  find(workspaceId: string): StoredWorkspace;
  emit: BridgeEventListener;
  retry?: Partial<RetryPolicy>;
  /** The wait before another round after a failure that may pass, doubling; never shorter than a Retry-After. */
  backoff?: Partial<OutboxBackoff>;
}

const defaultBackoff: OutboxBackoff = { firstMs: 1_000, maxMs: 60_000 };

const requests = {
  analysis: { start: 'startAnalysis', history: 'listAnalyses' },
  scoring: { start: 'startScoring', history: 'listScorings' },
} as const;

/** A refusal on the request's merits (404, 403, 422…): sending it again cannot help. */
const refusedOnMerits = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status !== null &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429;

/** The queue as the window sees it: without the ids the outbox keeps for itself. */
export const forWindow = (jobs: StoredQueuedJob[]): { jobs: QueuedJob[] } => ({
  jobs: jobs.map(({ known: _known, ...job }) => job),
});

/**
 * Sends the starts queued in a workspace's local copy while its service could not be reached,
 * each at most once: when the service answers again (the connectivity probe), when the app opens
 * the workspace, and when one is queued while it answers. One at a time, oldest first; after a
 * failure that may pass, the round waits (backoff, never less than Retry-After) and carries on.
 *
 * Sent at most once even by a service that does not deduplicate `Idempotency-Key`: before the
 * first send the outbox stores the ids the parent's history holds, and a start whose answer was
 * lost is looked up in the history (a job it did not hold is the one sent) before any resend.
 */
export function createJobOutbox(options: JobOutboxOptions) {
  const { service, engine, emit } = options;
  const backoff = { ...defaultBackoff, ...options.backoff };
  const sendOnce = { ...options.retry, ...quickRetry };
  const controller = new AbortController();
  /** The keys being sent now: these cannot be taken back. */
  const sending = new Set<string>();
  const rounds = new Map<string, Promise<void>>();
  const roundAgain = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const waits = new Map<string, number>();

  const changed = (workspaceId: string, sent: BridgeEventPayload<'queuedJobsChanged'>['sent'] = null) =>
    emit('queuedJobsChanged', { workspaceId, sent });

  function flush(workspaceId: string): void {
    if (controller.signal.aborted) return;
    if (rounds.has(workspaceId)) {
      roundAgain.add(workspaceId);
      return;
    }
    clearTimeout(timers.get(workspaceId));
    timers.delete(workspaceId);
    const round = sendAll(workspaceId).finally(() => {
      rounds.delete(workspaceId);
      if (roundAgain.delete(workspaceId)) flush(workspaceId);
    });
    rounds.set(workspaceId, round);
  }

  async function sendAll(workspaceId: string): Promise<void> {
    let jobs: StoredQueuedJob[];
    try {
      jobs = await engine.queuedJobs(workspaceId, { do: 'list' });
    } catch {
      return; // No copy, so nothing was queued in it.
    }
    for (const job of jobs) {
      if (job.refused || controller.signal.aborted) continue;
      const failure = await sendOne(workspaceId, job);
      if (failure === null) continue;
      if (controller.signal.aborted) return;
      // Unreachable, the probe flushes again when the service answers; anything else waits its turn.
      if (!service.connectivity.reachOf(workspaceId).online) return;
      const wait = waits.get(workspaceId) ?? backoff.firstMs;
      waits.set(workspaceId, Math.min(backoff.maxMs, wait * 2));
      const retryAfterMs = failure instanceof ApiError && failure.retryAfter !== null ? failure.retryAfter * 1000 : 0;
      const timer = setTimeout(() => flush(workspaceId), timerDelay(Math.max(wait, retryAfterMs)));
      timer.unref();
      timers.set(workspaceId, timer);
      return;
    }
    waits.delete(workspaceId);
  }

  /** Sends one queued start, or finds that an earlier send started it: null when settled, else the failure. */
  async function sendOne(workspaceId: string, job: StoredQueuedJob): Promise<unknown> {
    const key = job.idempotencyKey;
    sending.add(key);
    try {
      // Read again now it cannot be taken back: one cancelled meanwhile is not sent.
      const current = (await engine.queuedJobs(workspaceId, { do: 'list' })).find(
        (each) => each.idempotencyKey === key,
      );
      if (!current || current.refused) return null;
      const workspace = options.find(workspaceId);
      const { start, history } = requests[job.kind];
      const { data } = (await service.ask(
        workspace,
        history,
        { id: job.parentId },
        controller.signal,
        options.retry,
      )) as {
        data: Job[];
      };
      if (current.known === null) {
        await engine.queuedJobs(workspaceId, { do: 'known', idempotencyKey: key, known: data.map((each) => each.id) });
      } else {
        const found = startedJobIn(data, current.known);
        if (found) return await sent(workspaceId, job, found);
      }
      const started = (await service.ask(
        workspace,
        start,
        { id: job.parentId, idempotencyKey: key },
        controller.signal,
        sendOnce,
      )) as { data: Job | null };
      // Started, but its answer could not be read: the next round finds it in the history.
      if (!started.data)
        return new ApiError({ code: 'invalid_response', message: 'The start’s answer could not be read.' });
      return await sent(workspaceId, job, started.data.id);
    } catch (error) {
      if (!refusedOnMerits(error)) return error;
      await engine.queuedJobs(workspaceId, { do: 'refused', idempotencyKey: key, error: toBridgeError(error) });
      changed(workspaceId);
      return null;
    } finally {
      sending.delete(key);
    }
  }

  async function sent(workspaceId: string, job: StoredQueuedJob, jobId: string): Promise<null> {
    await engine.queuedJobs(workspaceId, { do: 'remove', idempotencyKey: job.idempotencyKey });
    await engine.expectChanges(workspaceId);
    changed(workspaceId, { kind: job.kind, parentId: job.parentId, jobId });
    return null;
  }

  return {
    flush,
    async queue(workspaceId: string, job: Pick<QueuedJob, 'idempotencyKey' | 'kind' | 'parentId'>) {
      const jobs = await engine.queuedJobs(workspaceId, { do: 'add', job });
      changed(workspaceId);
      if (service.connectivity.reachOf(workspaceId).online) flush(workspaceId);
      return jobs;
    },
    async cancel(workspaceId: string, idempotencyKey: string) {
      if (sending.has(idempotencyKey)) {
        throw new ApiError({
          code: 'not_available',
          message: 'It is being sent to the service right now, so it can no longer be taken back.',
        });
      }
      const jobs = await engine.queuedJobs(workspaceId, { do: 'remove', idempotencyKey });
      changed(workspaceId);
      return jobs;
    },
    /** Settles once every round under way has ended (tests). */
    async idle(): Promise<void> {
      while (rounds.size > 0) await Promise.all(rounds.values());
    },
    close(): void {
      controller.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type JobOutbox = ReturnType<typeof createJobOutbox>;
