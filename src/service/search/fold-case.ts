/**
 * Case folding exactly as SQLite's FTS5 trigram tokenizer does it with `case_sensitive 0`, so the
 * scanning path (short queries, one call, one deal) and the indexed path agree on every character.
 * FTS5 folds with a Unicode table older than the engine's `toLowerCase`; the two lists below are
 * the measured differences (fold-case.test.ts checks them against the bundled SQLite).
 */

/** Characters `toLowerCase` lowercases but FTS5 leaves as they are (newer Unicode case pairs). */
const keptAsIs: readonly (readonly [number, number])[] = [
  [0x37f, 0x37f],
  [0x528, 0x528],
  [0x52a, 0x52a],
  [0x52c, 0x52c],
  [0x52e, 0x52e],
  [0x13a0, 0x13f5],
  [0x1c89, 0x1c89],
  [0x1c90, 0x1cba],
  [0x1cbd, 0x1cbf],
  [0x2c2f, 0x2c2f],
  [0xa698, 0xa698],
  [0xa69a, 0xa69a],
  [0xa796, 0xa796],
  [0xa798, 0xa798],
  [0xa79a, 0xa79a],
  [0xa79c, 0xa79c],
  [0xa79e, 0xa79e],
  [0xa7ab, 0xa7ae],
  [0xa7b0, 0xa7b4],
  [0xa7b6, 0xa7b6],
  [0xa7b8, 0xa7b8],
  [0xa7ba, 0xa7ba],
  [0xa7bc, 0xa7bc],
  [0xa7be, 0xa7be],
  [0xa7c0, 0xa7c0],
  [0xa7c2, 0xa7c2],
  [0xa7c4, 0xa7c7],
  [0xa7c9, 0xa7c9],
  [0xa7cb, 0xa7cc],
  [0xa7ce, 0xa7ce],
  [0xa7d0, 0xa7d0],
  [0xa7d2, 0xa7d2],
  [0xa7d4, 0xa7d4],
  [0xa7d6, 0xa7d6],
  [0xa7d8, 0xa7d8],
  [0xa7da, 0xa7da],
  [0xa7dc, 0xa7dc],
  [0xa7f5, 0xa7f5],
  [0x104b0, 0x104d3],
  [0x10570, 0x1057a],
  [0x1057c, 0x1058a],
  [0x1058c, 0x10592],
  [0x10594, 0x10595],
  [0x10c80, 0x10cb2],
  [0x10d50, 0x10d65],
  [0x118a0, 0x118bf],
  [0x16e40, 0x16e5f],
  [0x16ea0, 0x16eb8],
  [0x1e900, 0x1e921],
];

/** Characters FTS5 folds (case folding, not lowercasing) that `toLowerCase` does not. */
const foldedByFtsOnly = new Map<number, number>([
  [0x17f, 0x73],
  [0x3d0, 0x3b2],
  [0x3f5, 0x3b5],
  [0x3d1, 0x3b8],
  [0x345, 0x3b9],
  [0x1fbe, 0x3b9],
  [0x3f0, 0x3ba],
  [0xb5, 0x3bc],
  [0x3d6, 0x3c0],
  [0x3f1, 0x3c1],
  [0x3c2, 0x3c3],
  [0x3d5, 0x3c6],
  [0x1e9b, 0x1e61],
  [0xfffe, 0xfffd],
  [0xffff, 0xfffd],
]);

const isKeptAsIs = (code: number) => keptAsIs.some(([first, last]) => code >= first && code <= last);

const folded = new Map<string, string>();

function foldCharacter(character: string): string {
  const cached = folded.get(character);
  if (cached !== undefined) return cached;
  const code = character.codePointAt(0)!;
  const lower = character.toLowerCase();
  const byFts = foldedByFtsOnly.get(code);
  // A character whose lowercase is longer (İ -> i̇) is left alone, as FTS5 folds one to one.
  const result =
    byFts !== undefined ? String.fromCodePoint(byFts) : isKeptAsIs(code) || [...lower].length !== 1 ? character : lower;
  folded.set(character, result);
  return result;
}

export function foldCase(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  let result = '';
  for (const character of text) result += foldCharacter(character);
  return result;
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

let unfoldTable: Map<string, string[]> | undefined;

/**
 * Builds the table `foldsInto` reads, by folding every code point with case. A code point that
 * lowercases to itself and has no fold of FTS5's own folds to itself, so it is passed over before
 * `foldCharacter`, which would cache it: folding all 130,000 took 150-200 ms, and 500 ms under
 * load on the first search that scanned (the Pipeline's first per-deal read), ahead of every
 * request behind it; passing them over takes 12-30 ms. The service builds it as it starts
 * (server.ts), so no request waits for it.
 */
export function prepareUnfolding(): void {
  if (unfoldTable) return;
  unfoldTable = new Map();
  for (let code = 0x80; code <= 0x1ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (character.toLowerCase() === character && !foldedByFtsOnly.has(code)) continue;
    const target = foldCharacter(character);
    if (target === character) continue;
    const sources = unfoldTable.get(target) ?? [];
    sources.push(character);
    unfoldTable.set(target, sources);
  }
}

/** The non-ASCII characters that fold to `folded` without being it (É for é, K for k, ſ for s). */
export function foldsInto(folded: string): readonly string[] {
  prepareUnfolding();
  return unfoldTable!.get(folded) ?? [];
}
