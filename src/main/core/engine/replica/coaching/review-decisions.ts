import type {
  OneOnOneCall,
  OneOnOneCallsParams,
  ReviewDecision,
  ReviewDecisionChange,
  ReviewDecisionKind,
  ReviewPassChange,
} from '../../../../../shared/review-queue';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { ReplicaDatabase } from '../replica-db';
import { COUNTED_CALL, callOwners } from './call-owners';

interface DecisionRow {
  video_id: string;
  kind: ReviewDecisionKind;
  snooze_until: number | null;
  decided_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

const decisionOf = (row: DecisionRow | undefined): ReviewDecision | null =>
  row ? { kind: row.kind, snoozeUntil: row.snooze_until === null ? null : iso(row.snooze_until) } : null;

/** Every decision the manager made, by call id. */
export function reviewDecisions(db: ReplicaDatabase): Map<string, DecisionRow> {
  const rows = db
    .prepare<[], DecisionRow>('SELECT video_id, kind, snooze_until, decided_at FROM review_decisions')
    .all();
  return new Map(rows.map((row) => [row.video_id, row]));
}

/**
 * Sets the manager's decision on a call (null takes it back) and says what it was before, so it
 * can be undone by setting that again. A snooze must end after `now`: one that has ended already
 * would put the call straight back.
 */
export function writeReviewDecision(
  db: ReplicaDatabase,
  callId: string,
  decision: ReviewDecision | null,
  now: number,
): ReviewDecisionChange {
  const snoozeUntil = decision?.snoozeUntil ? Date.parse(decision.snoozeUntil) : null;
  if (snoozeUntil !== null && snoozeUntil <= now) {
    throw new ApiError({ code: 'invalid_params', message: 'A snooze ends on a later day: choose a date after today.' });
  }
  const select = db.prepare<[string], DecisionRow>(
    'SELECT video_id, kind, snooze_until, decided_at FROM review_decisions WHERE video_id = ?',
  );
  return db.transaction(() => {
    const before = decisionOf(select.get(callId));
    if (decision === null) db.prepare('DELETE FROM review_decisions WHERE video_id = ?').run(callId);
    else
      db.prepare(
        `INSERT INTO review_decisions (video_id, kind, snooze_until, decided_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (video_id) DO UPDATE SET kind = excluded.kind, snooze_until = excluded.snooze_until,
           decided_at = excluded.decided_at`,
      ).run(callId, decision.kind, snoozeUntil, now);
    return { callId, before, after: decision };
  })();
}

/** The manager's last pass through the queue, or null before the first. */
export function lastReviewPass(db: ReplicaDatabase): number | null {
  return db.prepare<[], number>('SELECT at FROM review_passes WHERE id = 1').pluck().get() ?? null;
}

/** The pass is done up to `at` (null forgets it); what it was before, to undo. Never in the future. */
export function writeReviewPass(db: ReplicaDatabase, at: number | null, now: number): ReviewPassChange {
  if (at !== null && at > now) {
    throw new ApiError({ code: 'invalid_params', message: 'A pass is done up to a moment that has come.' });
  }
  return db.transaction(() => {
    const before = lastReviewPass(db);
    if (at === null) db.prepare('DELETE FROM review_passes WHERE id = 1').run();
    else
      db.prepare(
        'INSERT INTO review_passes (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
      ).run(at);
    return { before: before === null ? null : iso(before), after: at === null ? null : iso(at) };
  })();
}

/**
 * The calls of a rep the manager decided to take to their next 1:1 (`2`), decided after `since`
 * (the last 1:1: a call decided before it was in that brief), newest decision first. Whose a call
 * is follows the coaching rule as it reads now.
 */
export function oneOnOneCalls(db: ReplicaDatabase, { memberId, since }: OneOnOneCallsParams): OneOnOneCall[] {
  const rows = db
    .prepare<
      [number | null],
      { id: string; title: string | null; created_at: string | null; deal_title: string | null; decided_at: number }
    >(
      `SELECT c.id, c.title, c.created_at, d.title AS deal_title, r.decided_at
       FROM review_decisions r JOIN calls c ON c.id = r.video_id
       LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
       WHERE r.kind = 'one-on-one' AND r.decided_at > coalesce(?, -1) AND ${COUNTED_CALL}
       ORDER BY r.decided_at DESC, c.id`,
    )
    .all(since === undefined ? null : Date.parse(since));
  const owners = callOwners(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .filter((row) => owners.get(row.id)?.memberId === memberId)
    .map((row) => ({
      callId: row.id,
      title: row.title,
      createdAt: row.created_at,
      dealTitle: row.deal_title,
      decidedAt: iso(row.decided_at),
    }));
}
