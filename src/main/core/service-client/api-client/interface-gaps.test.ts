import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../../..');
const inventory = readFileSync(join(root, 'docs/interface-gaps.md'), 'utf8');

/** Every `file: test title` the inventory names as the proof of an entry. */
const references = [...inventory.matchAll(/`([\w./-]+\.(?:test\.tsx?|spec\.ts|ts)): ([^`]+)`/g)].map(
  ([, file, title]) => ({
    file: file!,
    title: title!.replaceAll("\\'", "'"),
  }),
);

describe('the inventory of the interface’s open points (docs/interface-gaps.md)', () => {
  it('names a test for every entry of its tables', () => {
    const rows = inventory.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Open point'));
    for (const row of rows.filter((line) => !/^\|-/.test(line)))
      expect(row, row).toMatch(/`[\w./-]+\.(test\.tsx?|spec\.ts|ts): /);
    expect(references.length).toBeGreaterThan(30);
  });

  it('names only tests that exist, by their exact title', () => {
    const missing = references.filter(({ file, title }) => {
      const path = join(root, file);
      return !existsSync(path) || !readFileSync(path, 'utf8').replaceAll("\\'", "'").includes(title);
    });
    expect(missing).toEqual([]);
  });
});
