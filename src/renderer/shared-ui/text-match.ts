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
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(new RegExp(escapeRegExp(needle), 'giu'))) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}

export function containsIgnoringCase(text: string, query: string): boolean {
  const needle = query.trim();
  return needle.length > 0 && new RegExp(escapeRegExp(needle), 'iu').test(text);
}
