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

const speakerName = (speaker: string | null | undefined) => speaker?.trim() || 'Unknown speaker';

/**
 * A call's transcript as the page reads it, with its times in seconds and a word for whatever the
 * service left out. Made in one pass over the answer (the unit of its times, and who speaks with
 * times); each line is converted when first read, so a 10,000-line call paints its first screen
 * without converting the thousands of lines below it.
 */
export class TranscriptLines {
  readonly length: number;
  /** Seconds per unit of the service's times. */
  readonly scale: number;
  /** How many speakers have a line with both times: the rows talk time will have, known before it is counted. */
  readonly timedSpeakers: number;
  private readonly converted: (TranscriptLine | undefined)[];
  private every: readonly TranscriptLine[] | undefined;

  constructor(
    private readonly segments: readonly TranscriptSegment[],
    durationSeconds?: number | null,
  ) {
    let latest = 0;
    const timedNames = new Set<string | null | undefined>();
    let lastTimed: string | null | undefined;
    // The one pass over every segment before the first rows show, so it is kept plain: it runs
    // once per page, before the engine has compiled it (no iterator, no call per time, and the
    // speaker set touched only when the speaker changes).
    for (let index = 0; index < segments.length; index++) {
      const { start, end, speaker } = segments[index]!;
      const timedStart = typeof start === 'number' && Number.isFinite(start);
      const timedEnd = typeof end === 'number' && Number.isFinite(end);
      if (timedStart && start > latest) latest = start;
      if (timedEnd && end > latest) latest = end;
      if (timedStart && timedEnd && (speaker !== lastTimed || timedNames.size === 0)) {
        timedNames.add(speaker);
        lastTimed = speaker;
      }
    }
    this.length = segments.length;
    this.scale = segmentTimeScale([latest], durationSeconds);
    // Names as the lines show them, trimmed: a few distinct names, not one per line.
    this.timedSpeakers = new Set(Array.from(timedNames, speakerName)).size;
    this.converted = new Array(segments.length);
  }

  at(index: number): TranscriptLine {
    let line = this.converted[index];
    if (!line) {
      const segment = this.segments[index]!;
      line = {
        id: segment.id,
        text: segment.text ?? '',
        start: finite(segment.start) ? segment.start * this.scale : null,
        end: finite(segment.end) ? segment.end * this.scale : null,
        speaker: speakerName(segment.speaker),
        role: segment.speaker_role || null,
      };
      this.converted[index] = line;
    }
    return line;
  }

  /** Every line, for what reads the whole transcript (find, talk time, exports, jumps). */
  all(): readonly TranscriptLine[] {
    this.every ??= Array.from({ length: this.length }, (_, index) => this.at(index));
    return this.every;
  }

  /** Where a segment is, without converting any line; -1 when it is not in this transcript. */
  indexOf(segmentId: string): number {
    return this.segments.findIndex((segment) => segment.id === segmentId);
  }
}
