import type { QueueReason } from '../../../../../shared/bridge';
import type { ReviewQueueItem, TrackerHit } from '../../../../../shared/notification-rules';
import { reviewQueue } from '../coaching/review-queue';
import { trackerLines, trackerHitsSince as trackersCallsSince } from '../coaching/tracker-report';
import { workspaceTrackers } from '../coaching/trackers';
import type { ReplicaDatabase } from '../replica-db';

/** The review queue's own window before the first pass, as its screen opens. */
const DIGEST_QUEUE_WINDOW_DAYS = 14;

/**
 * The lines saying a tracker's words on calls made at or after `since` (ms), each with a stable
 * key (tracker, call, line): the "tracker said" rule and the digest's tracker section read it.
 */
export function trackerHitsSince(db: ReplicaDatabase, since: number): TrackerHit[] {
  const trackers = workspaceTrackers(db).list();
  const callOf = db.prepare<
    [string],
    { title: string | null; created_at: string | null; deal_id: string | null; owner_id: string | null }
  >(
    `SELECT c.title, c.created_at, c.deal_id, d.owner_id FROM calls c
     LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL WHERE c.id = ?`,
  );
  const roleOf = db
    .prepare<[string, string], string | null>('SELECT speaker_role FROM segments WHERE video_id = ? AND segment_id = ?')
    .pluck();
  return trackersCallsSince(db, trackers, since).flatMap(({ trackerId, name, calls }) => {
    const tracker = trackers.find(({ id }) => id === trackerId)!;
    return trackerLines(
      db,
      tracker,
      calls.map(({ callId }) => callId),
    ).map((line) => {
      const call = callOf.get(line.callId);
      return {
        key: `${trackerId}:${line.callId}:${line.segmentId}`,
        trackerId,
        trackerName: name,
        callId: line.callId,
        callTitle: call?.title ?? null,
        dealId: call?.deal_id ?? null,
        ownerId: call?.owner_id ?? null,
        speakerRole: roleOf.get(line.callId, line.segmentId) ?? null,
        text: line.text,
        at: call?.created_at ?? '',
      };
    });
  });
}

const reasonCount = (reasons: readonly QueueReason[]) =>
  reasons.length === 0 ? 'no reason found' : `${reasons.length} ${reasons.length === 1 ? 'reason' : 'reasons'}`;

/** The calls waiting in the review queue at `now` (the digest's sending), newest first. */
export function reviewQueueForDigest(db: ReplicaDatabase, now: number): ReviewQueueItem[] {
  return reviewQueue(db, { windowDays: DIGEST_QUEUE_WINDOW_DAYS }, now).calls.map((call) => ({
    callId: call.callId,
    callTitle: call.title,
    reason: reasonCount(call.reasons),
  }));
}
