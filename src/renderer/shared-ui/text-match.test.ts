import { describe, expect, it } from 'vitest';
import { containsIgnoringCase, splitByPattern, splitMatches, wordsPattern } from './text-match';

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

describe('wordsPattern', () => {
  const marked = (text: string, query: string, mode: 'words' | 'whole-word' | 'phrase') =>
    splitByPattern(text, wordsPattern(query, mode)!)
      .filter((part) => part.match)
      .map((part) => part.text);

  it('marks each word where a word starts with it, not inside other words', () => {
    expect(marked('Pricing? The price, surprise!', 'pri', 'words')).toEqual(['Pri', 'pri']);
    expect(marked('Budget for pricing', 'pric budg', 'words')).toEqual(['Budg', 'pric']);
  });

  it('marks whole words only, and a phrase across punctuation', () => {
    expect(marked('price, prices and price.', 'price', 'whole-word')).toEqual(['price', 'price']);
    expect(marked('the price, terms and price terms', 'price terms', 'phrase')).toEqual([
      'price, terms',
      'price terms',
    ]);
  });

  it('has nothing to mark without letters or digits', () => {
    expect(wordsPattern('?!', 'words')).toBeNull();
  });
});
