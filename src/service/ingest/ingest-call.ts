import type { Db } from '../db/database';
import { newId } from '../jobs/ids';
import { enqueueJob } from '../jobs/job-queue';

/** The pause between CREATED, UPLOADING, UPLOADED and READY: a few seconds in all (issue 4, item 8). */
export const INGEST_STEP_MS = 1200;

/**
 * Writes a new CREATED call and its durable ingest job in one transaction; the running server's
 * job worker then takes it through processing. Returns the new video id.
 */
export function ingestCall(db: Db, call: { orgId: string; title: string; now: Date }): string {
  const id = newId('vid');
  const now = call.now.toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, duration_seconds, processed_at, created_at, updated_at)
       VALUES (?, ?, NULL, ?, 'CREATED', 'GENERAL', 0, NULL, ?, ?)`,
    ).run(id, call.orgId, call.title, now, now);
    enqueueJob(db, {
      kind: 'ingest',
      subjectId: id,
      orgId: call.orgId,
      now,
      runAfter: new Date(call.now.getTime() + INGEST_STEP_MS).toISOString(),
    });
  }).immediate();
  return id;
}
