import type { QueueCall, QueueReason } from '../../shared/bridge';

/**
 * The queue's ranking (docs/coaching.md, "The review queue"): each reason is worth points, the
 * calls with the most come first; ties go to the bigger deal, then the newest call. A reason kind
 * added to `QueueReason` gets its points here (the trackers' hits, say).
 */
export function pointsOf(reason: QueueReason): number {
  switch (reason.kind) {
    case 'not-met':
      return 2;
    case 'partly-met':
      return 1;
    case 'monologue':
      return Math.floor(reason.seconds / 60);
    case 'deal-warning':
      return 2;
    case 'tracker-hit':
      return 1;
  }
}

/** The rule in one line, as the screen states it. */
export const RANKING_RULE =
  'Ranked by points: 2 per checklist item not met, 1 per item partly met, 1 per whole minute of the longest seller monologue (from a minute), 2 per warning on the deal, 1 per tracker the call mentions; ties go to the bigger deal amount, then the newest call.';

export interface RankedCall extends QueueCall {
  points: number;
}

/** The calls with the deal warnings read on screen added to their reasons, most points first. */
export function rankQueue(
  calls: readonly QueueCall[],
  warningsOf: (dealId: string) => readonly string[] = () => [],
): RankedCall[] {
  return calls
    .map((call) => {
      const warnings = call.dealId ? warningsOf(call.dealId) : [];
      const reasons: QueueReason[] = [
        ...call.reasons,
        ...warnings.map((text): QueueReason => ({ kind: 'deal-warning', text })),
      ];
      return { ...call, reasons, points: reasons.reduce((sum, reason) => sum + pointsOf(reason), 0) };
    })
    .sort(
      (a, b) =>
        b.points - a.points ||
        (b.dealAmount ?? Number.NEGATIVE_INFINITY) - (a.dealAmount ?? Number.NEGATIVE_INFINITY) ||
        Date.parse(b.cameAt) - Date.parse(a.cameAt) ||
        (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0),
    );
}
