/**
 * Every way text can start a new line: CR, LF, vertical tab, form feed, NEL (U+0085), and
 * Unicode's line and paragraph separators (U+2028, U+2029), which editors, subtitle players and
 * notification centres also break on.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: line-breaking control characters are what it names
const LINE_BREAKS = /\s*[\r\n\u000b\u000c\u0085\u2028\u2029]+\s*/g;

/** Text as one line: each run of line breaks, with the space around it, becomes one space. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ').trim();
}

/** At most `max` characters, cut on a whole character (never half an emoji) and ending "…" when cut. */
export function capped(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
