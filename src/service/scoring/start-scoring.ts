import type { ServedScoring } from '../../shared/api/served';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { enqueueJob } from '../jobs/job-queue';
import { insertJobRecord } from '../queries/job-records';
import { findScoring } from '../queries/jobs';

/** A new scoring in `processing` and its durable job; call inside the request's transaction. */
export function startScoring(db: Db, orgId: string, dealId: string, now: string): ServedScoring {
  const id = newId('scr');
  insertJobRecord(db, 'scorings', { id, orgId, parentId: dealId, now });
  enqueueJob(db, { kind: 'scoring', subjectId: id, orgId, now });
  return findScoring(db, dealId, id)!;
}
