import { timerDelay } from '../../../node-shared/timer-delay';
import { type Analysis, jobOutcome, type Scoring } from '../../../shared/api';
import type { BridgeError, JobFollowState, JobRef } from '../../../shared/bridge';
import { ApiError, toBridgeError } from '../service-client/api-client/api-error';

export type Job = Analysis | Scoring;

export interface JobPollingPolicy {
  initialMs: number;
  maxMs: number;
  factor: number;
  /** Answers in a row that cannot be read before the watch gives up and says so. */
  unreadableTries: number;
  /** How long a job is followed while it stays processing (or cannot be reached) before the watch stops and says so. */
  followForMs: number;
}

export const defaultJobPolling: JobPollingPolicy = {
  initialMs: 1_000,
  maxMs: 10_000,
  factor: 1.5,
  unreadableTries: 5,
  followForMs: 30 * 60_000,
};

/** A job's state as one poll read it. */
export interface JobReading {
  job: Job;
  requestId: string;
}

/** How the following of a job stands when reading it did not simply work (bridge.ts, `jobFollowing`). */
export interface JobFollowing {
  state: JobFollowState;
  error: BridgeError | null;
}

export interface JobWatcherOptions {
  fetchJob(workspaceId: string, ref: JobRef, signal: AbortSignal): Promise<JobReading>;
  onUpdate(workspaceId: string, ref: JobRef, reading: JobReading): void;
  onFinished(workspaceId: string, ref: JobRef, job: Job): void;
  onFollowing(workspaceId: string, ref: JobRef, following: JobFollowing): void;
  policy?: Partial<JobPollingPolicy>;
  now?: () => number;
}

interface Watch {
  watchers: number;
  delayMs: number;
  lastSeen: string | null;
  timer: NodeJS.Timeout | null;
  controller: AbortController;
  since: number;
  unreadable: number;
  /** A read failed since the last one that worked (the renderer was told `retrying`). */
  troubled: boolean;
}

/** Outages that may pass (after the client's own retries gave up), tried again until `followForMs`. */
const passingCodes = new Set(['network_error', 'timeout', 'service_unavailable', 'rate_limited', 'internal_error']);

/**
 * Follows the analyses and scorings someone is looking at until they end: polls with backoff,
 * tells about every change, and stops as soon as nobody watches or the job ends. Several
 * screens may watch the same job; it is polled once. A job is never dropped silently: answers
 * that cannot be read are tried again a few times, then the watch gives up with the reason; a
 * refusal (404, 401, 403) gives up at once; a job still processing after `followForMs` is left
 * "still running on the service". Each is told through `onFollowing`, for the screen to say so.
 */
export function createJobWatcher(options: JobWatcherOptions) {
  const policy = { ...defaultJobPolling, ...options.policy };
  const now = options.now ?? Date.now;
  const watches = new Map<string, Watch>();
  const keyOf = (workspaceId: string, ref: JobRef) =>
    `${workspaceId}\u0000${ref.kind}\u0000${ref.parentId}\u0000${ref.jobId}`;

  function stop(key: string): void {
    const watch = watches.get(key);
    if (!watch) return;
    if (watch.timer) clearTimeout(watch.timer);
    watch.controller.abort();
    watches.delete(key);
  }

  /** Whether a failed read ends the watch, or is worth another try. */
  function failureEnds(watch: Watch, error: unknown): boolean {
    if (error instanceof ApiError && passingCodes.has(error.code)) return now() - watch.since >= policy.followForMs;
    const unreadable = !(error instanceof ApiError) || error.code === 'invalid_response';
    if (!unreadable) return true;
    watch.unreadable++;
    return watch.unreadable >= policy.unreadableTries;
  }

  async function poll(key: string, workspaceId: string, ref: JobRef): Promise<void> {
    const watch = watches.get(key);
    if (!watch) return;
    watch.timer = null;
    let waitAtLeastMs = 0;
    try {
      const reading = await options.fetchJob(workspaceId, ref, watch.controller.signal);
      const { job } = reading;
      if (watches.get(key) !== watch) return;
      watch.unreadable = 0;
      if (watch.troubled) {
        watch.troubled = false;
        options.onFollowing(workspaceId, ref, { state: 'following', error: null });
      }
      const seen = JSON.stringify([job.status, job.updated_at, job.result, job.error]);
      if (seen !== watch.lastSeen) {
        watch.lastSeen = seen;
        options.onUpdate(workspaceId, ref, reading);
      }
      if (jobOutcome(job) !== 'running') {
        stop(key);
        options.onFinished(workspaceId, ref, job);
        return;
      }
      if (now() - watch.since >= policy.followForMs) {
        stop(key);
        options.onFollowing(workspaceId, ref, { state: 'still-running', error: null });
        return;
      }
    } catch (error) {
      if (watches.get(key) !== watch) return;
      if (failureEnds(watch, error)) {
        stop(key);
        options.onFollowing(workspaceId, ref, { state: 'gave-up', error: toBridgeError(error) });
        return;
      }
      watch.troubled = true;
      options.onFollowing(workspaceId, ref, { state: 'retrying', error: toBridgeError(error) });
      if (error instanceof ApiError && error.retryAfter !== null) waitAtLeastMs = error.retryAfter * 1000;
    }
    watch.timer = setTimeout(
      () => void poll(key, workspaceId, ref),
      timerDelay(Math.max(watch.delayMs, waitAtLeastMs)),
    );
    watch.delayMs = Math.min(policy.maxMs, watch.delayMs * policy.factor);
  }

  return {
    watch(workspaceId: string, ref: JobRef): void {
      const key = keyOf(workspaceId, ref);
      const existing = watches.get(key);
      if (existing) {
        existing.watchers++;
        return;
      }
      watches.set(key, {
        watchers: 1,
        delayMs: policy.initialMs,
        lastSeen: null,
        timer: null,
        controller: new AbortController(),
        since: now(),
        unreadable: 0,
        troubled: false,
      });
      void poll(key, workspaceId, ref);
    },
    unwatch(workspaceId: string, ref: JobRef): void {
      const key = keyOf(workspaceId, ref);
      const watch = watches.get(key);
      if (watch && --watch.watchers <= 0) stop(key);
    },
    watchedCount: () => watches.size,
    close(): void {
      for (const key of [...watches.keys()]) stop(key);
    },
  };
}

export type JobWatcher = ReturnType<typeof createJobWatcher>;
