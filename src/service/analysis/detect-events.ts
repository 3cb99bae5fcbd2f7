import type { AnalyzerSegment, DetectedEvent, SalesEventType } from './types';

interface EventRule {
  type: SalesEventType;
  pattern: RegExp;
  /** An objection is something the buyer raises; the seller naming a concern is not one. */
  buyerOnly?: boolean;
}

const rules: readonly EventRule[] = [
  { type: 'PRICING', pattern: /\$\d|\bper seat\b|\bpric(e|es|ing)\b|\bdiscount\b|\bquote[ds]?\b/i },
  { type: 'BUDGET', pattern: /\bbudget\b|\ballocated\b|\bspend\b/i },
  {
    type: 'COMPETITOR',
    pattern: /\b(also looking at|currently using|compared to|competitors?|switching from|quoted us)\b/i,
  },
  {
    type: 'OBJECTION',
    pattern:
      /\b(too expensive|concerns?|worried|more than we expected|not sure|hesitant|the problem is|can't justify)\b/i,
    buyerOnly: true,
  },
  {
    type: 'DECISION_MAKER',
    pattern: /\b(final say|sign off|sign-off|decision maker|run it by|approv(e|ed|es|ing|al)|procurement)\b/i,
  },
  {
    type: 'TIMELINE',
    pattern: /\b(go-live|go live|deadline|timeline|by the end of|this quarter|next quarter|within \d+ (days|weeks))\b/i,
  },
  {
    type: 'NEXT_STEP',
    pattern:
      /\b(next steps?|follow up|follow-up|calendar invite|send over|I'll send|I will send|schedule|set up a call|get back to you)\b/i,
  },
];

export const isBuyer = (segment: AnalyzerSegment) => segment.speaker_role.toUpperCase() === 'BUYER';

/**
 * Sales events, at most one per type per segment, each quoting its segment verbatim and carrying
 * the segment's times, in transcript order.
 */
export function detectSalesEvents(segments: readonly AnalyzerSegment[]): DetectedEvent[] {
  return segments.flatMap((segment) =>
    rules
      .filter((rule) => (!rule.buyerOnly || isBuyer(segment)) && rule.pattern.test(segment.text))
      .map((rule) => ({
        type: rule.type,
        text: segment.text,
        start: segment.start,
        end: segment.end,
        segment_id: segment.id,
      })),
  );
}
