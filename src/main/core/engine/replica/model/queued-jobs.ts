import type { BridgeError, QueuedJob, QueuedJobChange } from '../../../../../shared/bridge';
import type { ReplicaDatabase } from '../replica-db';

/** A queued start as the outbox reads it: the ids its parent's history held before the first send. */
export interface StoredQueuedJob extends QueuedJob {
  known: string[] | null;
}

interface QueuedJobRow {
  idempotency_key: string;
  kind: QueuedJob['kind'];
  parent_id: string;
  queued_at: number;
  known: string | null;
  refused: string | null;
}

/**
 * The workspace's queued starts in its local copy (encrypted with it, so they survive a restart),
 * oldest first: the order they are sent in. A second start of the same deal or call while one
 * waits is the one waiting, so pressing Re-score twice offline scores once.
 */
export function changeQueuedJobs(db: ReplicaDatabase, change: QueuedJobChange, now: number): StoredQueuedJob[] {
  switch (change.do) {
    case 'add':
      db.prepare(
        `INSERT INTO queued_jobs (idempotency_key, kind, parent_id, queued_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      ).run(change.job.idempotencyKey, change.job.kind, change.job.parentId, now);
      break;
    case 'remove':
      db.prepare('DELETE FROM queued_jobs WHERE idempotency_key = ?').run(change.idempotencyKey);
      break;
    case 'known':
      db.prepare('UPDATE queued_jobs SET known = ? WHERE idempotency_key = ?').run(
        JSON.stringify(change.known),
        change.idempotencyKey,
      );
      break;
    case 'refused':
      db.prepare('UPDATE queued_jobs SET refused = ? WHERE idempotency_key = ?').run(
        JSON.stringify(change.error),
        change.idempotencyKey,
      );
      break;
    case 'list':
      break;
  }
  return db
    .prepare<[], QueuedJobRow>('SELECT * FROM queued_jobs ORDER BY queued_at, idempotency_key')
    .all()
    .map((row) => ({
      idempotencyKey: row.idempotency_key,
      kind: row.kind,
      parentId: row.parent_id,
      queuedAt: new Date(row.queued_at).toISOString(),
      known: row.known === null ? null : (JSON.parse(row.known) as string[]),
      refused: row.refused === null ? null : (JSON.parse(row.refused) as BridgeError),
    }));
}
