import type { ReviewQueueItem, TrackerHit } from '../../../../../shared/notification-rules';
import type { ReplicaDatabase } from '../replica-db';

/**
 * SEAM for trackers29 (issue 29 item 7): the tracker hits on calls the copy first saw at or after
 * `since` (ms), each with a stable key. The "tracker said" rule and the digest's tracker section
 * read it; null says trackers are not built in, and both then show nothing of them.
 */
export function trackerHitsSince(_db: ReplicaDatabase, _since: number): TrackerHit[] | null {
  return null;
}

/**
 * SEAM for queue29 (issue 29 item 6): the calls waiting in the review queue now, for the digest.
 * Null says the queue is not built in, and the digest leaves its section out.
 */
export function reviewQueueForDigest(_db: ReplicaDatabase): ReviewQueueItem[] | null {
  return null;
}
