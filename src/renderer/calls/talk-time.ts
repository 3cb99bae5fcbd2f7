import type { TranscriptLine } from './transcript-lines';

export interface SpeakerShare {
  speaker: string;
  role: string | null;
  seconds: number;
  /** 0-1 of everyone's speaking time. */
  share: number;
}

/**
 * Seconds each speaker talks and their share of all talk, largest first; overlapping talk counts
 * for each. Lines without both times add nothing.
 */
export function talkTimeShares(lines: readonly TranscriptLine[]): SpeakerShare[] {
  const bySpeaker = new Map<string, { role: string | null; seconds: number }>();
  for (const line of lines) {
    if (line.start === null || line.end === null) continue;
    const entry = bySpeaker.get(line.speaker) ?? { role: line.role, seconds: 0 };
    entry.seconds += Math.max(0, line.end - line.start);
    bySpeaker.set(line.speaker, entry);
  }
  const total = [...bySpeaker.values()].reduce((sum, entry) => sum + entry.seconds, 0);
  return [...bySpeaker.entries()]
    .map(([speaker, { role, seconds }]) => ({ speaker, role, seconds, share: total > 0 ? seconds / total : 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.speaker.localeCompare(b.speaker));
}
