import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layers } from './import-layers.mjs';

const SECTION = '## What each unit may import';
const architecture = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');

/** The backticked names in a piece of text, in order; `—` names none. */
const named = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

interface DocumentedSide {
  side: string;
  what: string;
  uses: string[];
  testKits: string[];
  units: { unit: string; what: string; allow: string[]; tests: string[] }[];
}

/**
 * docs/architecture.md's "What each unit may import", read back: per side its heading
 * (`src/<side>`: what), the sentence naming the other sides and test kits, and its table's rows,
 * lowest floor first.
 */
function documentedSides(markdown: string): DocumentedSide[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start === -1) throw new Error(`docs/architecture.md has no "${SECTION}" section`);
  const end = markdown.indexOf('\n## ', start + SECTION.length + 2);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return section
    .split('\n### ')
    .slice(1)
    .map((block) => {
      const [heading = '', ...lines] = block.split('\n');
      const [, side = '', what = ''] = heading.match(/^`src\/([^`]+)`: (.*)$/) ?? [];
      const sentence = lines.find((line) => line.startsWith('Of the other sides')) ?? '';
      const [others = '', kits = ''] = sentence.split('test kits');
      const units = lines
        .filter((line) => line.startsWith('| `'))
        .map((row) => {
          const [unit = '', unitWhat = '', allow = '', tests = ''] = row.slice(2, -2).split(' | ');
          return { unit: named(unit)[0] ?? '', what: unitWhat, allow: named(allow), tests: named(tests) };
        });
      return {
        side,
        what,
        uses: named(others).map((name) => name.replace(/^src\//, '')),
        testKits: named(kits),
        units,
      };
    });
}

describe('docs/architecture.md, "What each unit may import"', () => {
  it('is the table of layers: every side, every unit lowest first, what each may import', () => {
    const fromTable = layers.map((side) => ({
      side: side.side,
      what: side.what,
      uses: side.uses,
      testKits: side.testKits,
      units: side.units.map((unit) => ({
        unit: unit.unit,
        what: unit.what,
        allow: unit.allow,
        tests: unit.tests ?? [],
      })),
    }));
    expect(
      documentedSides(architecture),
      'docs/architecture.md differs from scripts/import-layers.mjs: write the change into its table',
    ).toEqual(fromTable);
  });
});
