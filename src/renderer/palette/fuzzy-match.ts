/**
 * How well typed text matches a title, for the palette: every word typed must be found in the
 * title, its letters in order (`rsc` finds "Re-score"); letters that start a word of the title
 * or follow each other score more, so "exp" ranks "Export" above "Open the first…". Null when
 * some word is not found. Accents and case are ignored.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const target = fold(text);
  let total = 0;
  for (const word of words) {
    const score = wordScore(word, target);
    if (score === null) return null;
    total += score;
  }
  // Of two equal matches the shorter title is the closer one.
  return total - target.length / 100;
}

const WHOLE_PREFIX = 30;
const SUBSTRING = 12;
const WORD_START = 6;
const RUN = 4;
const LETTER = 1;
const GAP = 0.5;

function wordScore(word: string, target: string): number | null {
  const at = target.indexOf(word);
  if (at === 0) return WHOLE_PREFIX + word.length * RUN;
  if (at > 0) return (startsWord(target, at) ? SUBSTRING + WORD_START : SUBSTRING) + word.length * RUN;
  return subsequenceScore(word, target);
}

/** The letters in order, each taken at the first word start that still fits, else at its first place. */
function subsequenceScore(word: string, target: string): number | null {
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const letter of word) {
    const at = bestPlace(letter, target, from);
    if (at < 0) return null;
    score += LETTER;
    if (startsWord(target, at)) score += WORD_START;
    if (at === previous + 1) score += RUN;
    else if (previous >= 0) score -= Math.min(at - previous - 1, 10) * GAP;
    previous = at;
    from = at + 1;
  }
  return score;
}

function bestPlace(letter: string, target: string, from: number): number {
  const first = target.indexOf(letter, from);
  if (first < 0 || startsWord(target, first)) return first;
  for (let at = target.indexOf(letter, first + 1); at >= 0; at = target.indexOf(letter, at + 1)) {
    if (startsWord(target, at)) return at;
  }
  return first;
}

function startsWord(text: string, at: number): boolean {
  return at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1] ?? '');
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
