import { describe, expect, it } from 'vitest';
import type { LocalSearchQuery } from './local-search';
import { modeMatcher } from './service-hits';

const holdsUnderMode = (line: string, q: string, mode: LocalSearchQuery['mode']) => modeMatcher(q, mode)(line);

describe('a service hit held to a local search mode', () => {
  it('words: every word typed starts a word of the line, whatever the case and accents', () => {
    expect(holdsUnderMode('We met in Zürich about pricing', 'zur PRIC', 'words')).toBe(true);
    expect(holdsUnderMode('The other one', 'he', 'words')).toBe(false);
    expect(holdsUnderMode('We met about pricing', 'pric budget', 'words')).toBe(false);
  });

  it('whole-word: a word that only begins with the text does not hold', () => {
    expect(holdsUnderMode('Pricing is fine', 'pricing', 'whole-word')).toBe(true);
    expect(holdsUnderMode('Pricing is fine', 'pric', 'whole-word')).toBe(false);
  });

  it('phrase: the words in order, punctuation between them, and whole words at both ends', () => {
    expect(holdsUnderMode('The security, pack is in', 'security pack', 'phrase')).toBe(true);
    expect(holdsUnderMode('The pack security is in', 'security pack', 'phrase')).toBe(false);
    expect(holdsUnderMode('The security package is in', 'security pack', 'phrase')).toBe(false);
  });

  it('a text with no word holds nothing', () => {
    expect(holdsUnderMode('Anything', '  ?! ', 'words')).toBe(false);
  });
});
