import type { VideoStatus } from '../../shared/api/videos';
import type { JobHandler, JobStep } from '../jobs/job-handler';
import { organizationVoices } from '../queries/organizations';
import { findVideo, setVideoStatus, storeTranscriptAndMarkReady } from '../queries/videos';
import { recordEvent } from '../webhooks/outbox';
import { INGEST_STEP_MS } from './ingest-call';
import { ingestTranscript } from './ingest-transcript';

/** design.md: an ingested call goes CREATED → UPLOADING → UPLOADED → READY, one step per run. */
const steps: readonly VideoStatus[] = ['UPLOADING', 'UPLOADED', 'READY'];

/** Who speaks in a generated call when the organisation has no member yet. */
const DEFAULT_SELLER = 'Alex Morgan';

/**
 * Advances an ingested call one status per step, INGEST_STEP_MS apart. The last step stores the
 * transcript, marks the call READY and processed, and queues video.ready in the same transaction.
 */
export function ingestJobHandler(): JobHandler {
  return {
    kind: 'ingest',
    // Pacing comes from each step's run_after, so a run itself takes no extra time.
    durationMs: () => 0,
    start: () => {},
    run: (db, job): JobStep => {
      const next = steps[job.step] ?? 'READY';
      if (next !== 'READY') {
        return { commit: (now) => setVideoStatus(db, job.subject_id, next, now), nextStepAfterMs: INGEST_STEP_MS };
      }
      const voices = organizationVoices(db, job.org_id);
      const segments = ingestTranscript({
        videoId: job.subject_id,
        orgName: voices.orgName,
        seller: voices.firstMember ?? DEFAULT_SELLER,
      });
      return {
        commit: (now) => {
          storeTranscriptAndMarkReady(db, job.subject_id, segments, now);
          const video = findVideo(db, job.org_id, job.subject_id)!;
          recordEvent(db, { orgId: job.org_id, type: 'video.ready', timestamp: now, data: video });
        },
      };
    },
    fail: (db, job, _error, now) => setVideoStatus(db, job.subject_id, 'ERROR', now),
  };
}
