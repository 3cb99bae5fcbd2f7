/**
 * The review queue's window as the screen says it, each sentence whole: a span like "the last 14
 * days" cannot be pasted into every sentence ("came in in the last…", "came in at any time").
 */
export interface ReviewWindowWords {
  /** The choice in the Window list. */
  option: string;
  /** What the queue holds before the first pass, after "Before your first pass:". */
  queueHolds: string;
  /** The empty queue before the first pass, when calls came in (else `noCalls`). */
  allDecided: string;
  /** Which calls the coverage counts, after "Over". */
  coverageOver: string;
  /** A window no call came in. */
  noCalls: string;
}

/** "2 weeks" for 14 days, "30 days" for 30: whole weeks read as weeks. */
function span(days: number): string {
  if (days === 7) return 'week';
  return days % 7 === 0 ? `${days / 7} weeks` : `${days} days`;
}

export function reviewWindowWords(days: number | null): ReviewWindowWords {
  if (days === null)
    return {
      option: 'All calls',
      queueHolds: 'every call that became ready or was analysed, however long ago.',
      allDecided: 'Every call is decided.',
      coverageOver: 'all calls',
      noCalls: 'No call has come in yet.',
    };
  const last = `the last ${span(days)}`;
  return {
    option: `Last ${span(days)}`,
    queueHolds: `the calls that became ready or were analysed in ${last}.`,
    allDecided: `Every call of ${last} is decided.`,
    coverageOver: `the calls of ${last}`,
    noCalls: `No call came in during ${last}.`,
  };
}
