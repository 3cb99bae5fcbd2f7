import { containsIgnoringCase } from '../shared-ui/text-match';

interface Said {
  text: string;
}

/** Positions of the segments that contain the query, in transcript order. */
export function findSegmentMatches(segments: readonly Said[], query: string): number[] {
  if (!query.trim()) return [];
  const matches: number[] = [];
  segments.forEach((segment, index) => {
    if (containsIgnoringCase(segment.text, query)) matches.push(index);
  });
  return matches;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[“”"‘’'…]/g, '')
    .replace(/\.{3}/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Where evidence quotes were said, for one transcript: the first segment whose text contains the
 * quote; a quote that spans several segments lands on the first segment it contains. -1 when it
 * is nowhere. The transcript is read and normalised once, when the first quote is asked for, since
 * a checklist asks for every quote it shows and most calls are opened without one.
 */
export function quoteFinder(segments: () => readonly Said[]): (quote: string) => number {
  let normalised: string[] | undefined;
  return (quote) => {
    normalised ??= segments().map((segment) => normalise(segment.text));
    const texts = normalised;
    const needle = normalise(quote);
    if (!needle) return -1;
    const inside = texts.findIndex((text) => text.includes(needle));
    if (inside >= 0) return inside;
    return texts.findIndex((text) => text.length > 0 && needle.includes(text));
  };
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
