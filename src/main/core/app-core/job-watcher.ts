import { type Analysis, jobOutcome, type Scoring } from '../../../shared/api';
import type { JobRef } from '../../../shared/bridge';
import { ApiError } from '../api-client/api-error';

export type Job = Analysis | Scoring;

export interface JobPollingPolicy {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const defaultJobPolling: JobPollingPolicy = { initialMs: 1_000, maxMs: 10_000, factor: 1.5 };

/** A job's state as one poll read it. */
export interface JobReading {
  job: Job;
  requestId: string;
}

export interface JobWatcherOptions {
  fetchJob(workspaceId: string, ref: JobRef, signal: AbortSignal): Promise<JobReading>;
  onUpdate(workspaceId: string, ref: JobRef, reading: JobReading): void;
  onFinished(workspaceId: string, ref: JobRef, job: Job): void;
  policy?: Partial<JobPollingPolicy>;
}

interface Watch {
  watchers: number;
  delayMs: number;
  lastSeen: string | null;
  timer: NodeJS.Timeout | null;
  controller: AbortController;
}

/** Outages that may pass (after the client's own retries gave up); anything else ends the watch. */
const passingCodes = new Set(['network_error', 'timeout', 'service_unavailable', 'rate_limited', 'internal_error']);

/**
 * Follows the analyses and scorings someone is looking at until they finish: polls with
 * backoff, tells about every change, and stops as soon as nobody watches or the job ends.
 * Several screens may watch the same job; it is polled once.
 */
export function createJobWatcher(options: JobWatcherOptions) {
  const policy = { ...defaultJobPolling, ...options.policy };
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

  async function poll(key: string, workspaceId: string, ref: JobRef): Promise<void> {
    const watch = watches.get(key);
    if (!watch) return;
    watch.timer = null;
    try {
      const reading = await options.fetchJob(workspaceId, ref, watch.controller.signal);
      const { job } = reading;
      if (watches.get(key) !== watch) return;
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
    } catch (error) {
      if (watches.get(key) !== watch) return;
      if (!(error instanceof ApiError && passingCodes.has(error.code))) {
        stop(key);
        return;
      }
    }
    watch.timer = setTimeout(() => void poll(key, workspaceId, ref), watch.delayMs);
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
