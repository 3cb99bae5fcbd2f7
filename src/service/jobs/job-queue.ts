import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { prepared } from '../db/prepared';

export type JobKind = 'analysis' | 'scoring' | 'ingest';

export interface JobRow {
  id: string;
  kind: JobKind;
  /** The analysis, scoring or video the job works on. */
  subject_id: string;
  org_id: string;
  state: 'queued' | 'running' | 'done';
  run_after: string;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: number;
  /** Multi-step jobs (ingest) advance this one step per run. */
  step: number;
  created_at: string;
  updated_at: string;
}

export function enqueueJob(
  db: Db,
  job: { kind: JobKind; subjectId: string; orgId: string; now: string; runAfter?: string },
): string {
  const id = newId('job');
  prepared(
    db,
    `INSERT INTO jobs (id, kind, subject_id, org_id, state, run_after, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)`,
  ).run(id, job.kind, job.subjectId, job.orgId, job.runAfter ?? job.now, job.now, job.now);
  return id;
}

/**
 * Takes the lease of the next due job: a queued one whose time has come, or a running one whose
 * lease expired because its worker died. One UPDATE, so two workers never claim the same row.
 */
export function claimNextJob(
  db: Db,
  owner: string,
  now: Date,
  leaseMs: number,
  kinds: readonly JobKind[],
): JobRow | undefined {
  const at = now.toISOString();
  return prepared(
    db,
    `UPDATE jobs SET state = 'running', lease_owner = @owner, lease_until = @leaseUntil,
         attempts = attempts + 1, updated_at = @at
       WHERE id = (
         SELECT id FROM jobs
         WHERE ((state = 'queued' AND run_after <= @at) OR (state = 'running' AND lease_until <= @at))
           AND kind IN (SELECT value FROM json_each(@kinds))
         ORDER BY run_after, id LIMIT 1)
       RETURNING *`,
  ).get({ owner, at, kinds: JSON.stringify(kinds), leaseUntil: new Date(now.getTime() + leaseMs).toISOString() }) as
    | JobRow
    | undefined;
}

/**
 * On start, jobs still `running` belong to a process that was killed (one server serves a data
 * directory): they are due again at once instead of waiting for their leases to expire.
 */
export function requeueInterruptedJobs(db: Db, now: string): number {
  return prepared(
    db,
    `UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, run_after = ?, updated_at = ?
       WHERE state = 'running'`,
  ).run(now, now).changes;
}

/**
 * Ends the job, inside the caller's transaction that writes its outputs. False when the lease was
 * lost meanwhile, and the caller must then roll back: another worker owns the job now.
 */
export function finishJob(db: Db, job: JobRow, owner: string, now: string): boolean {
  return (
    prepared(
      db,
      `UPDATE jobs SET state = 'done', lease_owner = NULL, lease_until = NULL, updated_at = ?
         WHERE id = ? AND lease_owner = ? AND state = 'running'`,
    ).run(now, job.id, owner).changes === 1
  );
}

/** Gives the job back to the queue, due at `runAfter`; `nextStep` advances multi-step jobs. */
export function requeueJob(
  db: Db,
  job: JobRow,
  owner: string,
  change: { runAfter: string; now: string; nextStep: boolean },
): boolean {
  return (
    prepared(
      db,
      `UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, run_after = ?,
           step = step + ?, attempts = CASE WHEN ? THEN 0 ELSE attempts END, updated_at = ?
         WHERE id = ? AND lease_owner = ? AND state = 'running'`,
    ).run(change.runAfter, change.nextStep ? 1 : 0, change.nextStep ? 1 : 0, change.now, job.id, owner).changes === 1
  );
}
