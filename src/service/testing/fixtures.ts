import type { JobStatus } from '../../shared/api/jobs';
import type { Db } from '../db/database';
import { newId } from '../db/ids';

/*
 * Rows a test needs in an exact shape (a scoring that finished at a known time, a video created
 * at a known instant), written straight into a running service's data directory; SQLite in WAL
 * lets the test and the server share the file. Ids are made as the service makes them.
 */

export function insertVideo(
  db: Db,
  video: { orgId: string; createdAt: string; status?: string; dealId?: string | null; title?: string },
): string {
  const id = newId('vid');
  db.prepare(
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, duration_seconds, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'GENERAL', 60, ?, ?)`,
  ).run(
    id,
    video.orgId,
    video.dealId ?? null,
    video.title ?? 'Fixture call',
    video.status ?? 'READY',
    video.createdAt,
    video.createdAt,
  );
  return id;
}

export function insertJob(
  db: Db,
  job: {
    table: 'analyses' | 'scorings';
    orgId: string;
    parentId: string;
    status: JobStatus;
    createdAt: string;
    finishedAt?: string;
    result?: unknown;
    error?: unknown;
  },
): string {
  const id = newId(job.table === 'analyses' ? 'ana' : 'scr');
  const parentColumn = job.table === 'analyses' ? 'video_id' : 'deal_id';
  db.prepare(
    `INSERT INTO ${job.table} (id, org_id, ${parentColumn}, status, result, error, created_at, started_at, finished_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    job.orgId,
    job.parentId,
    job.status,
    job.result === undefined ? null : JSON.stringify(job.result),
    job.error === undefined ? null : JSON.stringify(job.error),
    job.createdAt,
    job.createdAt,
    job.finishedAt ?? null,
    job.finishedAt ?? job.createdAt,
  );
  return id;
}
