import { z } from 'zod';

/**
 * The review queue (issue 29, item 6): the calls that came in since the manager's last pass, one
 * key per decision. Decisions and passes are the manager's own, kept in the local copy only.
 */

/** `1` reviewed, `2` add to the rep's next 1:1, `3` dismiss, `H` snooze to a date. */
export const ReviewDecisionKind = z.enum(['reviewed', 'one-on-one', 'dismissed', 'snoozed']);
export type ReviewDecisionKind = z.infer<typeof ReviewDecisionKind>;

const Moment = z.iso.datetime({ offset: true });

export const ReviewDecision = z
  .object({ kind: ReviewDecisionKind, snoozeUntil: Moment.nullable().default(null) })
  .refine((decision) => (decision.kind === 'snoozed') === (decision.snoozeUntil !== null), {
    message: 'a snooze needs the moment it ends, and only a snooze has one',
    path: ['snoozeUntil'],
  });
export type ReviewDecision = z.output<typeof ReviewDecision>;

/** A decision on a call; null takes it back (the call is undecided again). */
export const SetReviewDecisionParams = z.object({
  callId: z.string().min(1).max(200),
  decision: ReviewDecision.nullable(),
});
export type SetReviewDecisionParams = z.output<typeof SetReviewDecisionParams>;
/** What the decision was before and is now, so it can be undone by setting `before` again. */
export interface ReviewDecisionChange {
  callId: string;
  before: ReviewDecision | null;
  after: ReviewDecision | null;
}

/** Before the first pass the queue holds the calls of the last `windowDays` (null: every call). */
export const ReviewQueueParams = z.object({ windowDays: z.int().min(1).max(3660).nullable() });
export type ReviewQueueParams = z.output<typeof ReviewQueueParams>;

/** The pass is done up to `at` (now when absent); null forgets every pass. */
export const MarkReviewPassParams = z.object({ at: Moment.nullable().optional() });
export type MarkReviewPassParams = z.output<typeof MarkReviewPassParams>;
export interface ReviewPassChange {
  before: string | null;
  after: string | null;
}

/** The calls decided "add to the next 1:1" for a rep since a moment (their last 1:1; absent: ever). */
export const OneOnOneCallsParams = z.object({ memberId: z.string().min(1).max(200), since: Moment.optional() });
export type OneOnOneCallsParams = z.output<typeof OneOnOneCallsParams>;
export interface OneOnOneCall {
  callId: string;
  title: string | null;
  createdAt: string | null;
  dealTitle: string | null;
  decidedAt: string;
}
