import type { ServedAnalysis } from '../../shared/api/served';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { enqueueJob } from '../jobs/job-queue';
import { insertJobRecord } from '../queries/job-records';
import { findAnalysis } from '../queries/jobs';

/** A new analysis in `processing` and its durable job; call inside the request's transaction. */
export function startAnalysis(db: Db, orgId: string, videoId: string, now: string): ServedAnalysis {
  const id = newId('ana');
  insertJobRecord(db, 'analyses', { id, orgId, parentId: videoId, now });
  enqueueJob(db, { kind: 'analysis', subjectId: id, orgId, now });
  return findAnalysis(db, videoId, id)!;
}
