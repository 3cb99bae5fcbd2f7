import type { ServedAnalysis, ServedJobError, ServedScoring } from '../../shared/api/served';
import type { Db } from '../db/database';
import { findAnalysis, findScoring } from '../queries/jobs';
import { newId } from './ids';
import { enqueueJob } from './job-queue';

/** The two job-backed resources share their lifecycle columns (design.md: processing → completed | failed). */
type JobTable = 'analyses' | 'scorings';

export function createAnalysis(db: Db, orgId: string, videoId: string, now: string): ServedAnalysis {
  const id = newId('ana');
  db.prepare(
    `INSERT INTO analyses (id, org_id, video_id, status, created_at, updated_at) VALUES (?, ?, ?, 'processing', ?, ?)`,
  ).run(id, orgId, videoId, now, now);
  enqueueJob(db, { kind: 'analysis', subjectId: id, orgId, now });
  return findAnalysis(db, videoId, id)!;
}

export function createScoring(db: Db, orgId: string, dealId: string, now: string): ServedScoring {
  const id = newId('scr');
  db.prepare(
    `INSERT INTO scorings (id, org_id, deal_id, status, created_at, updated_at) VALUES (?, ?, ?, 'processing', ?, ?)`,
  ).run(id, orgId, dealId, now, now);
  enqueueJob(db, { kind: 'scoring', subjectId: id, orgId, now });
  return findScoring(db, dealId, id)!;
}

/** A rerun after a kill keeps the first start: work started then, and started_at says so. */
export function markJobRecordStarted(db: Db, table: JobTable, id: string, now: string): void {
  db.prepare(`UPDATE ${table} SET started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?`).run(now, now, id);
}

export function completeJobRecord(db: Db, table: JobTable, id: string, result: unknown, now: string): void {
  db.prepare(
    `UPDATE ${table} SET status = 'completed', result = ?, error = NULL, finished_at = ?, updated_at = ? WHERE id = ?`,
  ).run(JSON.stringify(result), now, now, id);
}

export function failJobRecord(db: Db, table: JobTable, id: string, error: ServedJobError, now: string): void {
  db.prepare(
    `UPDATE ${table} SET status = 'failed', result = NULL, error = ?, finished_at = ?, updated_at = ? WHERE id = ?`,
  ).run(JSON.stringify(error), now, now, id);
}
