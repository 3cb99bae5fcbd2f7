import type { ServedJobError } from '../../shared/api/served';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** The two job-backed resources share their lifecycle columns (design.md: processing → completed | failed). */
export type JobTable = 'analyses' | 'scorings';

const parentColumn = { analyses: 'video_id', scorings: 'deal_id' } as const;
const parentTable = { analyses: 'videos', scorings: 'deals' } as const;

export function insertJobRecord(
  db: Db,
  table: JobTable,
  record: { id: string; orgId: string; parentId: string; now: string },
): void {
  prepared(
    db,
    `INSERT INTO ${table} (id, org_id, ${parentColumn[table]}, status, created_at, updated_at) VALUES (?, ?, ?, 'processing', ?, ?)`,
  ).run(record.id, record.orgId, record.parentId, record.now, record.now);
}

/** The call of an analysis, or the deal of a scoring. */
export function parentOfJobRecord(db: Db, table: JobTable, id: string): string {
  return prepared(db, `SELECT ${parentColumn[table]} FROM ${table} WHERE id = ?`, 'pluck').get(id) as string;
}

/** A rerun after a kill keeps the first start: work started then, and started_at says so. */
export function markJobRecordStarted(db: Db, table: JobTable, id: string, now: string): void {
  prepared(db, `UPDATE ${table} SET started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?`).run(
    now,
    now,
    id,
  );
}

/**
 * A completed job changes what its parent shows (a deal's probability and score factors; a call's
 * summary, checklist and events), so the parent's `updated_at` moves too: a client syncing by
 * `updated_at` then knows to read it again. A failed job changes nothing of the parent.
 */
export function completeJobRecord(db: Db, table: JobTable, id: string, result: unknown, now: string): void {
  prepared(
    db,
    `UPDATE ${table} SET status = 'completed', result = ?, error = NULL, finished_at = ?, updated_at = ? WHERE id = ?`,
  ).run(JSON.stringify(result), now, now, id);
  prepared(
    db,
    `UPDATE ${parentTable[table]} SET updated_at = ? WHERE id = (SELECT ${parentColumn[table]} FROM ${table} WHERE id = ?)`,
  ).run(now, id);
}

export function failJobRecord(db: Db, table: JobTable, id: string, error: ServedJobError, now: string): void {
  prepared(
    db,
    `UPDATE ${table} SET status = 'failed', result = NULL, error = ?, finished_at = ?, updated_at = ? WHERE id = ?`,
  ).run(JSON.stringify(error), now, now, id);
}
