import { describe, expect, it } from 'vitest';
import { containsIgnoringCase, splitMatches } from './text-match';

describe('splitMatches', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(splitMatches('Price and PRICE', 'price')).toEqual([
      { text: 'Price', match: true },
      { text: ' and ', match: false },
      { text: 'PRICE', match: true },
    ]);
  });

  it('treats the query as plain text, not a pattern', () => {
    expect(splitMatches('costs $5 (a+b)', '(a+b)')).toEqual([
      { text: 'costs $5 ', match: false },
      { text: '(a+b)', match: true },
    ]);
  });

  it('leaves text alone for an empty query or no match', () => {
    expect(splitMatches('hello', '  ')).toEqual([{ text: 'hello', match: false }]);
    expect(splitMatches('hello', 'bye')).toEqual([{ text: 'hello', match: false }]);
  });
});

describe('containsIgnoringCase', () => {
  it('finds a query regardless of case and never matches an empty query', () => {
    expect(containsIgnoringCase('Budget approved', 'BUDGET')).toBe(true);
    expect(containsIgnoringCase('Budget approved', '')).toBe(false);
  });
});
