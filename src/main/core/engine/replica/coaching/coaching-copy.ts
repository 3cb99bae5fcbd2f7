import type { CoachingCopy, SyncStatus } from '../../../../../shared/bridge';
import type { ReplicaDatabase } from '../replica-db';
import { appliedScope, choiceOf } from '../sync/applied-scope';
import { lastRoundEnded } from '../sync/sync-store';

/**
 * What a copy holds for the coaching screens, so they can say how far their figures reach: the
 * scope it was last made to fit, whether a sync round has walked every list yet, and how many of
 * the calls the sync knows are stored whole.
 */
export function coachingCopy(db: ReplicaDatabase, status: SyncStatus): CoachingCopy {
  const scope = appliedScope(db);
  return {
    kind: 'held',
    scope: choiceOf(scope),
    scopeSince: scope.kind === 'recent' ? scope.since : null,
    walked: lastRoundEnded(db) !== null,
    sync: status.state,
    calls: { known: status.calls.known, stored: status.calls.synced },
  };
}
