/** A search answer's own account of its size; either part may be unknown (null or absent). */
export interface SearchCountMeta {
  total_matches?: number | null;
  truncated?: boolean | null;
}

/**
 * How many match, as far as an answer proves it: the service's count when it is one to believe
 * (not below the hits it sent), else the hits sent, exactly when the service said there are no
 * more and as a floor otherwise.
 */
export function matchCount(meta: SearchCountMeta, shown: number): { count: number; exact: boolean } {
  const total = meta.total_matches;
  if (typeof total === 'number' && Number.isInteger(total) && total >= shown) return { count: total, exact: true };
  return { count: shown, exact: meta.truncated === false };
}

/** Whether asking for more may bring more: the service said so, or it did not say and the count does not rule it out. */
export function mayHaveMore(meta: SearchCountMeta, shown: number): boolean {
  const { count, exact } = matchCount(meta, shown);
  return meta.truncated ?? (!exact || count > shown);
}

const matches = (count: number) => `${count} ${count === 1 ? 'match' : 'matches'}`;

/** "12 matches", "25 of 312 matches", or with a count the service did not give, "at least 25 matches". */
export function matchesText(meta: SearchCountMeta, shown: number): string {
  const { count, exact } = matchCount(meta, shown);
  if (!exact) return `at least ${matches(count)}`;
  return count > shown ? `${shown} of ${matches(count)}` : matches(count);
}
