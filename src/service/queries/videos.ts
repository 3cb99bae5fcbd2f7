import type {
  ServedChecklistEvaluation,
  ServedSalesEvent,
  ServedTranscriptSegment,
  ServedVideo,
  ServedVideoSummary,
} from '../../shared/api/served';
import type { VideoStatus, VideoStatusFilter } from '../../shared/api/videos';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { parseJsonColumn } from './json-column';
import { keysetPage, type Page } from './keyset-page';

const VIDEO_COLUMNS = 'id, title, status, created_at, updated_at, duration_seconds, processed_at, call_type, deal_id';

export interface VideoFilters {
  status?: VideoStatusFilter;
  /** UTC ISO text; both bounds are strict (design.md). */
  createdAfter?: string;
  createdBefore?: string;
  cursor?: string;
  limit?: number;
}

/** Without a status filter, DELETED videos stay out of the list (design.md). */
export function listVideos(db: Db, orgId: string, filters: VideoFilters): Page<ServedVideo> {
  const where = ['org_id = ?', filters.status ? 'status = ?' : "status <> 'DELETED'"];
  const params: unknown[] = [orgId];
  if (filters.status) params.push(filters.status);
  if (filters.createdAfter) {
    where.push('created_at > ?');
    params.push(filters.createdAfter);
  }
  if (filters.createdBefore) {
    where.push('created_at < ?');
    params.push(filters.createdBefore);
  }
  return keysetPage<ServedVideo>(db, {
    from: `SELECT ${VIDEO_COLUMNS} FROM videos`,
    where,
    params,
    createdAtColumn: 'created_at',
    idColumn: 'id',
    cursor: filters.cursor,
    limit: filters.limit,
  });
}

/**
 * A video of the caller's organisation that is not DELETED: a deleted video is gone from every
 * path but the `status=DELETED` list filter (docs/decisions/service.md).
 */
export function findVideo(db: Db, orgId: string, videoId: string): ServedVideo | undefined {
  return prepared(db, `SELECT ${VIDEO_COLUMNS} FROM videos WHERE id = ? AND org_id = ? AND status <> 'DELETED'`).get(
    videoId,
    orgId,
  ) as ServedVideo | undefined;
}

export function transcriptOf(db: Db, videoId: string): ServedTranscriptSegment[] {
  return prepared(
    db,
    `SELECT 'seg_' || rowid AS id, text, start, end, speaker, speaker_role
       FROM transcript_segments WHERE video_id = ? ORDER BY start, rowid`,
  ).all(videoId) as ServedTranscriptSegment[];
}

export function salesEventsOf(db: Db, videoId: string): ServedSalesEvent[] {
  return prepared(
    db,
    `SELECT id, type, text, start, end, segment_id, created_at
       FROM sales_events WHERE video_id = ? AND is_current = 1 ORDER BY start, id`,
  ).all(videoId) as ServedSalesEvent[];
}

export function currentSummaryOf(db: Db, videoId: string): ServedVideoSummary | undefined {
  const row = prepared(
    db,
    `SELECT id, sections, notes_markdown FROM summaries
       WHERE video_id = ? AND is_current = 1 ORDER BY created_at DESC, id DESC LIMIT 1`,
  ).get(videoId) as { id: string; sections: string; notes_markdown: string } | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    sections: parseJsonColumn<ServedVideoSummary['sections']>(row.sections) ?? [],
    notes_markdown: row.notes_markdown,
  };
}

export function currentChecklistOf(db: Db, videoId: string): ServedChecklistEvaluation | undefined {
  const row = prepared(
    db,
    `SELECT id, status, items, overall_assessment FROM checklist_evaluations
       WHERE video_id = ? AND is_current = 1 ORDER BY created_at DESC, id DESC LIMIT 1`,
  ).get(videoId) as { id: string; status: string; items: string; overall_assessment: string } | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    items: parseJsonColumn<ServedChecklistEvaluation['items']>(row.items) ?? [],
    overall_assessment: row.overall_assessment,
  };
}

/** A new call as `ingest` creates it: CREATED, no deal, no transcript yet. */
export function insertCreatedVideo(db: Db, video: { id: string; orgId: string; title: string; now: string }): void {
  prepared(
    db,
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, duration_seconds, processed_at, created_at, updated_at)
     VALUES (?, ?, NULL, ?, 'CREATED', 'GENERAL', 0, NULL, ?, ?)`,
  ).run(video.id, video.orgId, video.title, video.now, video.now);
}

export function setVideoStatus(db: Db, videoId: string, status: VideoStatus, now: string): void {
  prepared(db, 'UPDATE videos SET status = ?, updated_at = ? WHERE id = ?').run(status, now, videoId);
}

/**
 * Stores a processed call's transcript and marks the call READY with its length; the segments
 * carry the call's organisation, deal and creation time, which search filters and orders by.
 */
export function storeTranscriptAndMarkReady(
  db: Db,
  videoId: string,
  segments: readonly Omit<ServedTranscriptSegment, 'id'>[],
  now: string,
): void {
  const insert = prepared(
    db,
    `INSERT INTO transcript_segments (video_id, org_id, deal_id, video_created_at, start, end, speaker, speaker_role, text)
     SELECT id, org_id, deal_id, created_at, ?, ?, ?, ?, ? FROM videos WHERE id = ?`,
  );
  for (const segment of segments) {
    insert.run(segment.start, segment.end, segment.speaker, segment.speaker_role, segment.text, videoId);
  }
  prepared(
    db,
    `UPDATE videos SET status = 'READY', duration_seconds = ?, processed_at = ?, updated_at = ? WHERE id = ?`,
  ).run(Math.ceil(segments.at(-1)?.end ?? 0), now, now, videoId);
}
