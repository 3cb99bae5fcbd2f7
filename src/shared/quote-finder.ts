/** Where an evidence quote was said: the call page jumps there, a deal's review pack links there. */

/** A line of a transcript, as far as finding words in it goes. */
export interface Said {
  text: string;
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
 * a checklist asks for every quote it shows and most calls are opened without one. The call page's
 * checklist, the review pack and the coaching screens' evidence (in the local engine) find quotes alike.
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
