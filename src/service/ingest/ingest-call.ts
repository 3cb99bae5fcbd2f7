import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { enqueueJob } from '../jobs/job-queue';
import { insertCreatedVideo } from '../queries/videos';

/** The pause between CREATED, UPLOADING, UPLOADED and READY: a few seconds in all. */
export const INGEST_STEP_MS = 1200;

/**
 * Writes a new CREATED call and its durable ingest job in one transaction; the running server's
 * job worker then takes it through processing. Returns the new video id.
 */
export function ingestCall(db: Db, call: { orgId: string; title: string; now: Date }): string {
  const id = newId('vid');
  const now = call.now.toISOString();
  db.transaction(() => {
    insertCreatedVideo(db, { id, orgId: call.orgId, title: call.title, now });
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
