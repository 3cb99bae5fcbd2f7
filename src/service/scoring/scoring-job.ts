import { JobFailure } from '../jobs/job-failure';
import type { JobHandler } from '../jobs/job-handler';
import { loadDealScoringInputs } from '../queries/deal-scoring-inputs';
import { isFaultOn } from '../queries/faults';
import { completeJobRecord, failJobRecord, markJobRecordStarted, parentOfJobRecord } from '../queries/job-records';
import { scoreDeal } from './score-deal';

/** Scores the deal as it is when the job runs; deal.scoring.* events are never delivered (interface, Events). */
export function scoringJobHandler(config: { jobDelayMs: number; now?: () => Date }): JobHandler {
  return {
    kind: 'scoring',
    durationMs: () => config.jobDelayMs,
    start: (db, job, now) => markJobRecordStarted(db, 'scorings', job.subject_id, now),
    run: (db, job) => {
      const dealId = parentOfJobRecord(db, 'scorings', job.subject_id);
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
