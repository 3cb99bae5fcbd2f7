import type { ServedJobError } from '../../shared/api/served';
import type { Db } from '../db/database';
import type { JobKind, JobRow } from './job-queue';

/**
 * What a step of a job produced: `commit` writes its outputs inside the transaction that also
 * ends (or advances) the job, so outputs and the job's end are one atomic fact.
 */
export interface JobStep {
  commit: (now: string) => void;
  /** Multi-step jobs: run the next step after this many ms instead of ending the job. */
  nextStepAfterMs?: number;
}

export interface JobHandler {
  kind: JobKind;
  /** How long a run of this step takes (design.md: `serve --job-delay-ms`). */
  durationMs(job: JobRow): number;
  /** Records that work started (`started_at`); runs in the claim's aftermath, idempotent. */
  start(db: Db, job: JobRow, now: string): void;
  /** Computes the step from the database; never writes. Throws JobFailure to fail permanently. */
  run(db: Db, job: JobRow): JobStep;
  /** Records a permanent failure; runs inside the transaction that ends the job. */
  fail(db: Db, job: JobRow, error: ServedJobError, now: string): void;
}
