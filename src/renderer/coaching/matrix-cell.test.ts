import { describe, expect, it } from 'vitest';
import { cellTrend, cellWords } from './matrix-cell';

const tally = (met: number, n: number, other = 0) => ({ met, n, other, share: n > 0 ? met / n : null });

describe('a matrix cell', () => {
  it('moves up or down by ten points or more against the calls before, and is steady within them', () => {
    expect(cellTrend({ now: tally(6, 10), before: tally(5, 10) })).toBe('up');
    expect(cellTrend({ now: tally(4, 10), before: tally(5, 10) })).toBe('down');
    expect(cellTrend({ now: tally(5, 10), before: tally(11, 20) })).toBe('steady');
  });

  it('has no trend without calls before, or without a share on either side', () => {
    expect(cellTrend({ now: tally(5, 10), before: null })).toBeNull();
    expect(cellTrend({ now: tally(0, 0, 3), before: tally(5, 10) })).toBeNull();
    expect(cellTrend({ now: tally(5, 10), before: tally(0, 0, 2) })).toBeNull();
  });

  it('says how often it was met, against before, and the statuses counted neither way', () => {
    expect(cellWords({ now: tally(3, 4, 1), before: tally(1, 4) }, 5)).toBe(
      'Met in 3 of 4 calls (75%), up from 25% in the 5 before; 1 with another status, counted neither way',
    );
    expect(cellWords({ now: tally(1, 2), before: tally(1, 2) }, 5)).toBe(
      'Met in 1 of 2 calls (50%), about the same as in the 5 before (50%)',
    );
    expect(cellWords({ now: tally(0, 0, 2), before: null }, 5)).toBe(
      'No call with a met or not-met status among the last 5; 2 with another status, counted neither way',
    );
    expect(cellWords(undefined, 5)).toBe('No analysed calls with this item');
  });
});
