import type { Db } from '../db/database';
import { JobFailure } from '../jobs/job-failure';
import type { JobHandler } from '../jobs/job-handler';
import type { JobRow } from '../jobs/job-queue';
import { checklistItemsOf } from '../queries/checklist-items';
import { isFaultOn } from '../queries/faults';
import { completeJobRecord, failJobRecord, markJobRecordStarted, parentOfJobRecord } from '../queries/job-records';
import { findAnalysis } from '../queries/jobs';
import { transcriptOf } from '../queries/videos';
import { recordEvent } from '../webhooks/outbox';
import { analyzeCall } from './analyze-call';
import { replaceCallOutputs } from './replace-call-outputs';
import { TranscriptUnavailableError } from './transcript-unavailable';

/**
 * Analyses the call's transcript (src/service/analysis). The call's new outputs, the analysis'
 * completion, the job's end and the video.analysis.* event commit as one transaction.
 */
export function analysisJobHandler(config: { jobDelayMs: number }): JobHandler {
  return {
    kind: 'analysis',
    durationMs: () => config.jobDelayMs,
    start: (db, job, now) => markJobRecordStarted(db, 'analyses', job.subject_id, now),
    run: (db, job) => {
      const videoId = videoOf(db, job);
      if (isFaultOn(db, `job-fail:${videoId}`)) {
        throw new JobFailure('injected_failure', `Analyses of call ${videoId} are set to fail (fault job-fail).`);
      }
      const outputs = analyze(db, job.org_id, videoId);
      return {
        commit: (now) => {
          const stored = replaceCallOutputs(db, {
            orgId: job.org_id,
            videoId,
            analysisId: job.subject_id,
            outputs,
            now: new Date(now),
          });
          completeJobRecord(
            db,
            'analyses',
            job.subject_id,
            {
              summary: outputs.headline,
              checklist_evaluation_id: stored.checklistEvaluationId,
              sales_event_count: stored.salesEventCount,
            },
            now,
          );
          announce(db, job, videoId, 'video.analysis.completed', now);
        },
      };
    },
    fail: (db, job, error, now) => {
      failJobRecord(db, 'analyses', job.subject_id, error, now);
      announce(db, job, videoOf(db, job), 'video.analysis.failed', now);
    },
  };
}

const videoOf = (db: Db, job: JobRow) => parentOfJobRecord(db, 'analyses', job.subject_id);

function analyze(db: Db, orgId: string, videoId: string) {
  try {
    return analyzeCall({ segments: transcriptOf(db, videoId), checklist: checklistItemsOf(db, orgId) });
  } catch (error) {
    if (error instanceof TranscriptUnavailableError) throw new JobFailure(error.code, error.message);
    throw error;
  }
}

function announce(
  db: Db,
  job: JobRow,
  videoId: string,
  type: 'video.analysis.completed' | 'video.analysis.failed',
  now: string,
): void {
  recordEvent(db, { orgId: job.org_id, type, timestamp: now, data: findAnalysis(db, videoId, job.subject_id)! });
}
