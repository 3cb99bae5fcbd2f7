import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../shared/api';
import { segmentTimeScale } from '../../shared/segment-time';
import { toTranscriptLines } from './transcript-lines';

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
    expect(toTranscriptLines(seconds, 1800).lines[1]).toMatchObject({ start: 4.5, end: 1790 });
  });

  it('recognises milliseconds by times far past the call’s length', () => {
    const { lines, scale } = toTranscriptLines(milliseconds, 1800);
    expect(scale).toBe(0.001);
    expect(lines[1]).toMatchObject({ start: 4.5, end: 1790 });
  });

  it('recognises milliseconds past a day when the call’s length is unknown', () => {
    expect(segmentTimeScale([0, 1_790_000], null)).toBe(0.001);
    expect(segmentTimeScale([0, 1790], null)).toBe(1);
  });

  it('fills what the service left out: no text, no speaker, no times', () => {
    const { lines } = toTranscriptLines([{ id: 'bare' }], null);
    expect(lines).toEqual([{ id: 'bare', text: '', start: null, end: null, speaker: 'Unknown speaker', role: null }]);
  });
});
