import type { ServedVideo } from '../../shared/api/served';
import type { VideoStatus } from '../../shared/api/videos';
import type { Db } from '../db/database';
import type { JobHandler, JobStep } from '../jobs/job-handler';
import type { JobRow } from '../jobs/job-queue';
import { recordEvent } from '../webhooks/outbox';
import { INGEST_STEP_MS } from './ingest-call';
import { ingestTranscript } from './ingest-transcript';

/** design.md: an ingested call goes CREATED → UPLOADING → UPLOADED → READY, one step per run. */
const steps: readonly VideoStatus[] = ['UPLOADING', 'UPLOADED', 'READY'];

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
        return { commit: (now) => setStatus(db, job.subject_id, next, now), nextStepAfterMs: INGEST_STEP_MS };
      }
      const segments = transcriptFor(db, job);
      return {
        commit: (now) => {
          const insert = db.prepare(
            `INSERT INTO transcript_segments (video_id, org_id, deal_id, video_created_at, start, end, speaker, speaker_role, text)
             SELECT id, org_id, deal_id, created_at, ?, ?, ?, ?, ? FROM videos WHERE id = ?`,
          );
          for (const segment of segments) {
            insert.run(segment.start, segment.end, segment.speaker, segment.speaker_role, segment.text, job.subject_id);
          }
          db.prepare(
            `UPDATE videos SET status = 'READY', duration_seconds = ?, processed_at = ?, updated_at = ? WHERE id = ?`,
          ).run(Math.ceil(segments.at(-1)?.end ?? 0), now, now, job.subject_id);
          const video = db
            .prepare(
              'SELECT id, title, status, created_at, updated_at, duration_seconds, processed_at, call_type, deal_id FROM videos WHERE id = ?',
            )
            .get(job.subject_id) as ServedVideo;
          recordEvent(db, { orgId: job.org_id, type: 'video.ready', timestamp: now, data: video });
        },
      };
    },
    fail: (db, job, _error, now) => setStatus(db, job.subject_id, 'ERROR', now),
  };
}

function setStatus(db: Db, videoId: string, status: VideoStatus, now: string): void {
  db.prepare('UPDATE videos SET status = ?, updated_at = ? WHERE id = ?').run(status, now, videoId);
}

function transcriptFor(db: Db, job: JobRow) {
  const names = db
    .prepare(
      `SELECT o.name AS orgName, (SELECT display_name FROM members m WHERE m.org_id = o.id ORDER BY created_at, id LIMIT 1) AS seller
       FROM organizations o WHERE o.id = ?`,
    )
    .get(job.org_id) as { orgName: string; seller: string | null };
  return ingestTranscript({ videoId: job.subject_id, orgName: names.orgName, seller: names.seller ?? 'Alex Morgan' });
}
