import { describe, expect, it } from 'vitest';
import { reviewWindowWords } from './review-window';

describe('the review queue’s window in words', () => {
  it('reads whole weeks as weeks and other spans as days', () => {
    expect(reviewWindowWords(14).option).toBe('Last 2 weeks');
    expect(reviewWindowWords(14).queueHolds).toBe('the calls that became ready or were analysed in the last 2 weeks.');
    expect(reviewWindowWords(7).coverageOver).toBe('the calls of the last week');
    expect(reviewWindowWords(30).noCalls).toBe('No call came in during the last 30 days.');
  });

  it('speaks of all calls when the window has no start, never of a span', () => {
    const words = reviewWindowWords(null);
    expect(words.option).toBe('All calls');
    expect(Object.values(words).join(' ')).not.toMatch(/last|any time|in every call/);
  });
});
