import { describe, expect, it } from 'vitest';
import { findSegmentMatches, lineAtMoment } from './transcript-lookup';

const transcript = [
  'Thanks for joining today.',
  'What does your budget look like this quarter?',
  'We have about fifty thousand set aside.',
  'Great, the budget fits our starter plan.',
].map((text, index) => ({
  id: `seg_${index}`,
  text,
  start: index * 10,
  end: index * 10 + 9,
  speaker: index % 2 ? 'Buyer' : 'Seller',
  role: index % 2 ? 'BUYER' : 'SELLER',
}));

describe('findSegmentMatches', () => {
  it('lists every segment containing the query, in order', () => {
    expect(findSegmentMatches(transcript, 'BUDGET')).toEqual([1, 3]);
    expect(findSegmentMatches(transcript, ' ')).toEqual([]);
  });
});

describe('lineAtMoment', () => {
  const lines = [{ start: 0 }, { start: 4.2 }, { start: null }, { start: 9.123 }, { start: 15 }];
  it('finds the line said at a moment, the one a link was copied from included', () => {
    expect(lineAtMoment(lines, 4.2)).toBe(1);
    expect(lineAtMoment(lines, 8.9)).toBe(1);
    expect(lineAtMoment(lines, 9.123)).toBe(3);
    expect(lineAtMoment(lines, 600)).toBe(4);
  });
  it('falls back to the first line before them all, and finds none without times', () => {
    expect(lineAtMoment([{ start: 3 }, { start: 5 }], 1)).toBe(0);
    expect(lineAtMoment([{ start: null }], 1)).toBe(-1);
  });
});
