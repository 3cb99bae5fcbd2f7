import type { Db } from '../db/database';
import { JobFailure } from '../jobs/job-failure';
import type { JobHandler } from '../jobs/job-handler';
import type { JobRow } from '../jobs/job-queue';
import { completeJobRecord, failJobRecord, markJobRecordStarted } from '../jobs/job-records';
import { isFaultOn } from '../queries/faults';
import { loadDealScoringInputs } from './load-inputs';
import { scoreDeal } from './score-deal';

/** Scores the deal as it is when the job runs; deal.scoring.* events are never delivered (interface, Events). */
export function scoringJobHandler(config: { jobDelayMs: number; now?: () => Date }): JobHandler {
  return {
    kind: 'scoring',
    durationMs: () => config.jobDelayMs,
    start: (db, job, now) => markJobRecordStarted(db, 'scorings', job.subject_id, now),
    run: (db, job) => {
      const dealId = dealOf(db, job);
      if (isFaultOn(db, `job-fail:${dealId}`)) {
        throw new JobFailure('injected_failure', `Scorings of deal ${dealId} are set to fail (fault job-fail).`);
      }
      const inputs = loadDealScoringInputs(db, dealId);
      if (!inputs) throw new JobFailure('deal_unavailable', 'The deal no longer exists.');
      const result = scoreDeal(inputs, config.now?.() ?? new Date());
      return { commit: (now) => completeJobRecord(db, 'scorings', job.subject_id, result, now) };
    },
    fail: (db, job, error, now) => failJobRecord(db, 'scorings', job.subject_id, error, now),
  };
}

function dealOf(db: Db, job: JobRow): string {
  return db.prepare('SELECT deal_id FROM scorings WHERE id = ?').pluck().get(job.subject_id) as string;
}
