export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits text into matching and plain parts, case-insensitively like the service's search.
 * A regular expression (not lowercase + indexOf) keeps offsets right for letters whose
 * lowercase form has another length.
 */
export function splitMatches(text: string, query: string): TextPart[] {
  const needle = query.trim();
  if (!needle) return [{ text, match: false }];
  return splitByPattern(text, new RegExp(escapeRegExp(needle), 'giu'));
}

/** Splits text by a global pattern's matches (a search that matches words, not a substring). */
export function splitByPattern(text: string, pattern: RegExp): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}

/**
 * What a local search's words match in a line, for highlighting: each word as the start of a word
 * ('words'), whole words ('whole-word'), or the words in order with anything but letters and
 * digits between them ('phrase'). Words are what the local index takes as words: letters and digits.
 */
export function wordsPattern(query: string, mode: 'words' | 'whole-word' | 'phrase'): RegExp | null {
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).map(escapeRegExp);
  if (words.length === 0) return null;
  const body = mode === 'phrase' ? words.join('[^\\p{L}\\p{N}]+') : `(?:${words.join('|')})`;
  const end = mode === 'words' ? '' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${end}`, 'giu');
}

export function containsIgnoringCase(text: string, query: string): boolean {
  const needle = query.trim();
  return needle.length > 0 && new RegExp(escapeRegExp(needle), 'iu').test(text);
}
