import { describe, expect, it } from 'vitest';
import { quoteFinder } from './quote-finder';

const transcript = [
  'Thanks for joining today.',
  'What does your budget look like this quarter?',
  'We have about fifty thousand set aside.',
  'Great, the budget fits our starter plan.',
].map((text) => ({ text }));

describe('quoteFinder', () => {
  it('finds the segment that contains a quote, ignoring case, quotes and spacing', () => {
    expect(quoteFinder(() => transcript)('“we have about  FIFTY thousand”')).toBe(2);
  });

  it('lands on the first segment of a quote that spans two segments', () => {
    expect(quoteFinder(() => transcript)('We have about fifty thousand set aside. Great, the budget fits')).toBe(2);
  });

  it('gives -1 for a quote that is nowhere in the transcript', () => {
    expect(quoteFinder(() => transcript)('completely different words')).toBe(-1);
  });
});
