import { describe, expect, it } from 'vitest';
import { matchCount, matchesText, mayHaveMore } from './match-count';

describe('what a search answer proves of how many match', () => {
  it('says the service’s count when it is one to believe', () => {
    expect(matchesText({ total_matches: 12, truncated: false }, 12)).toBe('12 matches');
    expect(matchesText({ total_matches: 1, truncated: false }, 1)).toBe('1 match');
    expect(matchesText({ total_matches: 312, truncated: true }, 25)).toBe('25 of 312 matches');
    expect(mayHaveMore({ total_matches: 312, truncated: true }, 25)).toBe(true);
    expect(mayHaveMore({ total_matches: 12, truncated: false }, 12)).toBe(false);
  });

  it('says only "at least" the hits shown when the count is unknown or below them and more may match', () => {
    expect(matchesText({ total_matches: null, truncated: true }, 25)).toBe('at least 25 matches');
    expect(matchesText({ total_matches: null, truncated: null }, 25)).toBe('at least 25 matches');
    expect(matchesText({}, 1)).toBe('at least 1 match');
    expect(matchesText({ total_matches: 3, truncated: true }, 25)).toBe('at least 25 matches');
    expect(mayHaveMore({ total_matches: null, truncated: null }, 25)).toBe(true);
    expect(mayHaveMore({ total_matches: 3, truncated: null }, 25)).toBe(true);
  });

  it('counts the hits exactly when the service said there are no more, whatever its count', () => {
    expect(matchesText({ total_matches: null, truncated: false }, 7)).toBe('7 matches');
    expect(matchCount({ total_matches: 2, truncated: false }, 7)).toEqual({ count: 7, exact: true });
    expect(mayHaveMore({ total_matches: null, truncated: false }, 7)).toBe(false);
  });

  it('takes a believable count without a word on truncation as it is', () => {
    expect(matchesText({ total_matches: 40, truncated: null }, 25)).toBe('25 of 40 matches');
    expect(mayHaveMore({ total_matches: 40, truncated: null }, 25)).toBe(true);
    expect(mayHaveMore({ total_matches: 25, truncated: null }, 25)).toBe(false);
  });
});
