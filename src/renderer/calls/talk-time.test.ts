import { describe, expect, it } from 'vitest';
import { talkTimeShares } from './talk-time';
import type { TranscriptLine } from './transcript-lines';

const segment = (speaker: string, start: number | null, end: number | null, role = 'SELLER'): TranscriptLine => ({
  id: `${speaker}-${start}`,
  text: 'x',
  start,
  end,
  speaker,
  role,
});

describe('talkTimeShares', () => {
  it('adds up each speaker’s seconds and shares them out, largest first', () => {
    const shares = talkTimeShares([segment('Ann', 0, 10), segment('Bob', 10, 40, 'BUYER'), segment('Ann', 40, 50)]);
    expect(shares).toEqual([
      { speaker: 'Bob', role: 'BUYER', seconds: 30, share: 0.6 },
      { speaker: 'Ann', role: 'SELLER', seconds: 20, share: 0.4 },
    ]);
  });

  it('ignores segments that end before they start', () => {
    expect(talkTimeShares([segment('Ann', 5, 3), segment('Bob', 0, 2)]).map((s) => s.share)).toEqual([1, 0]);
  });

  it('leaves out lines the service gave no times for', () => {
    expect(talkTimeShares([segment('Ann', null, 10), segment('Bob', 0, 4)])).toEqual([
      { speaker: 'Bob', role: 'SELLER', seconds: 4, share: 1 },
    ]);
  });

  it('gives an empty list for an empty transcript', () => {
    expect(talkTimeShares([])).toEqual([]);
  });
});
