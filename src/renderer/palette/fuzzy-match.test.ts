import { describe, expect, it } from 'vitest';
import { fuzzyScore } from './fuzzy-match';

const ranked = (query: string, titles: string[]) =>
  titles
    .map((title) => ({ title, score: fuzzyScore(query, title) }))
    .filter((entry): entry is { title: string; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.title);

describe('fuzzyScore', () => {
  it('finds letters in order across words, and nothing when one is missing', () => {
    expect(fuzzyScore('rsc', 'Re-score')).not.toBeNull();
    expect(fuzzyScore('rsz', 'Re-score')).toBeNull();
    expect(fuzzyScore('cs', 'sc')).toBeNull();
  });

  it('needs every typed word, in any order', () => {
    expect(fuzzyScore('pack review', 'Export review pack')).not.toBeNull();
    expect(fuzzyScore('pack invoice', 'Export review pack')).toBeNull();
  });

  it('ignores case and accents', () => {
    expect(fuzzyScore('zurich', 'Zürich renewal')).not.toBeNull();
    expect(fuzzyScore('ZÜR', 'zurich renewal')).not.toBeNull();
  });

  it('ranks a title that starts with the text above one that contains it, above scattered letters', () => {
    expect(ranked('exp', ['Next step plan', 'Acme expansion', 'Export the call'])).toEqual([
      'Export the call',
      'Acme expansion',
      'Next step plan',
    ]);
  });

  it('ranks letters at word starts above letters inside words', () => {
    expect(ranked('gp', ['Big plan', 'Go to Pipeline'])).toEqual(['Go to Pipeline', 'Big plan']);
  });

  it('prefers the shorter of two titles that match alike', () => {
    expect(ranked('acme', ['Acme renewal 2027', 'Acme'])).toEqual(['Acme', 'Acme renewal 2027']);
  });

  it('matches everything on empty text', () => {
    expect(fuzzyScore('  ', 'Anything')).toBe(0);
  });
});
