import type { QueryFilters, QueryKey } from '@tanstack/react-query';
import type { Analysis, Scoring } from '../../shared/api';
import type { JobKind, UnreadableRecord } from '../../shared/bridge';

export interface JobEnvelope<J> {
  data: J;
  meta: { request_id: string };
}

/** A started job as the bridge gives it: `data` is null when the service's answer could not be read. */
export interface StartedJob<J> {
  data: J | null;
  meta: { request_id: string };
  unreadable: UnreadableRecord[];
}

/** How a feature starts, reads and settles its kind of job; the live machinery is shared. */
export interface JobDescriptor<J extends Analysis | Scoring> {
  kind: JobKind;
  start: (parentId: string, idempotencyKey: string) => Promise<StartedJob<J>>;
  get: (parentId: string, jobId: string, signal: AbortSignal) => Promise<JobEnvelope<J>>;
  /** The parent's job history, which shows a started job at once. */
  history: (parentId: string) => QueryKey;
  /**
   * Queries whose data a finished job changes (the deal's probability, the call's summary…),
   * as filters, so a parent's own record is refreshed without every query under its key.
   */
  affected: (parentId: string) => QueryFilters[];
}

/**
 * A live job's own state, under its own root: invalidating a deal or a call's history by
 * prefix must not read the job again, since main's watcher is its one stream.
 */
export const jobKeys = {
  all: ['jobs'] as const,
  job: (kind: JobKind, parentId: string, jobId: string) => [...jobKeys.all, kind, parentId, jobId] as const,
};

/** Only when main cannot watch a job does the renderer poll it, this often. */
export const JOB_POLL_MS = 1500;
