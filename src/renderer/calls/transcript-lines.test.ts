import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../shared/api';
import { segmentTimeScale } from '../../shared/segment-time';
import { talkTimeShares } from './talk-time';
import { TranscriptLines } from './transcript-lines';

const seconds: TranscriptSegment[] = [
  { id: 's1', text: 'Hello', start: 0, end: 4.5, speaker: 'Ann', speaker_role: 'SELLER' },
  { id: 's2', text: 'Hi', start: 4.5, end: 1790, speaker: 'Bob', speaker_role: 'BUYER' },
];
const milliseconds = seconds.map((segment) => ({
  ...segment,
  start: (segment.start ?? 0) * 1000,
  end: (segment.end ?? 0) * 1000,
}));

describe('transcript times (their unit is not shown by the interface)', () => {
  it('reads seconds as seconds', () => {
    expect(segmentTimeScale([0, 4.5, 1790], 1800)).toBe(1);
    expect(new TranscriptLines(seconds, 1800).at(1)).toMatchObject({ start: 4.5, end: 1790 });
  });

  it('recognises milliseconds by times far past the call’s length', () => {
    const lines = new TranscriptLines(milliseconds, 1800);
    expect(lines.scale).toBe(0.001);
    expect(lines.at(1)).toMatchObject({ start: 4.5, end: 1790 });
  });

  it('recognises milliseconds past a day when the call’s length is unknown', () => {
    expect(segmentTimeScale([0, 1_790_000], null)).toBe(0.001);
    expect(segmentTimeScale([0, 1790], null)).toBe(1);
  });

  it('fills what the service left out: no text, no speaker, no times', () => {
    const lines = new TranscriptLines([{ id: 'bare' }], null);
    expect(lines.all()).toEqual([
      { id: 'bare', text: '', start: null, end: null, speaker: 'Unknown speaker', role: null },
    ]);
  });
});

describe('a transcript read line by line', () => {
  const segments: TranscriptSegment[] = [
    { id: 'a', text: 'One', start: 0, end: 10, speaker: ' Ann ', speaker_role: 'SELLER' },
    { id: 'b', text: 'Two', start: null, end: 4, speaker: 'Bob', speaker_role: 'BUYER' },
    { id: 'c', text: 'Three', start: 5, end: 3, speaker: 'Cy', speaker_role: null },
    { id: 'd', text: 'Four', start: 12, end: 14, speaker: 'Ann', speaker_role: 'SELLER' },
  ];

  it('gives the same line by position, from the whole list and by id', () => {
    const lines = new TranscriptLines(segments, 60);
    expect(lines.length).toBe(4);
    expect(lines.at(2)).toBe(lines.all()[2]);
    expect(lines.at(0)).toMatchObject({ speaker: 'Ann', start: 0, end: 10 });
    expect(lines.indexOf('d')).toBe(3);
    expect(lines.indexOf('nowhere')).toBe(-1);
  });

  it('counts the talk-time rows before any line is converted', () => {
    const lines = new TranscriptLines(segments, 60);
    expect(lines.timedSpeakers).toBe(2);
    expect(lines.timedSpeakers).toBe(talkTimeShares(lines.all()).length);
  });
});
