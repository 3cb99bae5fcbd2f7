import type { Said } from '../../shared/quote-finder';
import { containsIgnoringCase } from '../shared-ui/text-match';

/** Positions of the segments that contain the query, in transcript order. */
export function findSegmentMatches(segments: readonly Said[], query: string): number[] {
  if (!query.trim()) return [];
  const matches: number[] = [];
  segments.forEach((segment, index) => {
    if (containsIgnoringCase(segment.text, query)) matches.push(index);
  });
  return matches;
}

/** A link's time is written to the millisecond; half of one absorbs the rounding of a segment's start. */
const HALF_MILLISECOND = 0.0005;

/**
 * The line being said at `seconds`: the one that started last at or before it (a link copied
 * from a line carries that line's start), or the first line when the moment is before them all.
 * Lines without a start are passed over. -1 for a transcript without times.
 */
export function lineAtMoment(lines: readonly { start: number | null }[], seconds: number): number {
  let found = -1;
  let foundStart = Number.NEGATIVE_INFINITY;
  let first = -1;
  lines.forEach((line, index) => {
    if (line.start === null) return;
    if (first < 0 || line.start < lines[first]!.start!) first = index;
    if (line.start <= seconds + HALF_MILLISECOND && line.start > foundStart) {
      found = index;
      foundStart = line.start;
    }
  });
  return found >= 0 ? found : first;
}
