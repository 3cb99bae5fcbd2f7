import type { TranscriptSegment } from '../../shared/api';

export interface SpeakerShare {
  speaker: string;
  role: string;
  seconds: number;
  /** 0-1 of everyone's speaking time. */
  share: number;
}

/** Seconds each speaker talks and their share of all talk, largest first; overlapping talk counts for each. */
export function talkTimeShares(segments: readonly TranscriptSegment[]): SpeakerShare[] {
  const bySpeaker = new Map<string, { role: string; seconds: number }>();
  for (const segment of segments) {
    const seconds = Math.max(0, segment.end - segment.start);
    const entry = bySpeaker.get(segment.speaker) ?? { role: segment.speaker_role, seconds: 0 };
    entry.seconds += seconds;
    bySpeaker.set(segment.speaker, entry);
  }
  const total = [...bySpeaker.values()].reduce((sum, entry) => sum + entry.seconds, 0);
  return [...bySpeaker.entries()]
    .map(([speaker, { role, seconds }]) => ({ speaker, role, seconds, share: total > 0 ? seconds / total : 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.speaker.localeCompare(b.speaker));
}
