import type { TranscriptSegment } from '../../shared/api';
import { segmentTimeScale } from '../../shared/segment-time';

/** A transcript segment as the call page shows it: times in seconds, every field there to read. */
export interface TranscriptLine {
  id: string;
  text: string;
  /** Seconds from the start of the call; null when the service gave none. */
  start: number | null;
  end: number | null;
  speaker: string;
  role: string | null;
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The transcript with its times in seconds and a word for whatever the service left out. */
export function toTranscriptLines(
  segments: readonly TranscriptSegment[],
  durationSeconds?: number | null,
): { lines: TranscriptLine[]; scale: number } {
  // The latest time decides the unit; one pass without a list of every time, as transcripts run to thousands.
  const latest = segments.reduce(
    (max, segment) => Math.max(max, finite(segment.start) ? segment.start : 0, finite(segment.end) ? segment.end : 0),
    0,
  );
  const scale = segmentTimeScale([latest], durationSeconds);
  const lines = segments.map((segment) => ({
    id: segment.id,
    text: segment.text ?? '',
    start: finite(segment.start) ? segment.start * scale : null,
    end: finite(segment.end) ? segment.end * scale : null,
    speaker: segment.speaker?.trim() || 'Unknown speaker',
    role: segment.speaker_role || null,
  }));
  return { lines, scale };
}
