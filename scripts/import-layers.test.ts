import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importOverrides, layers, placementProblems } from './import-layers.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const biomeConfig = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-layers-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** src/'s sides as empty folders and files, down to the depth the table places. */
function skeletonOfSrc(): string {
  const src = join(tempDir(), 'src');
  for (const side of layers) {
    for (const level of ['', ...(side.containers ?? [])]) {
      for (const entry of readdirSync(join(repo, 'src', side.side, level), { withFileTypes: true })) {
        const path = join(src, side.side, level, entry.name);
        if (entry.isDirectory()) mkdirSync(path, { recursive: true });
        else {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, '');
        }
      }
    }
    for (const unit of side.units.filter((unit) => unit.unit.includes('/') && !unit.unit.endsWith('/')))
      writeFileSync(join(src, side.side, unit.unit), '');
  }
  return src;
}

/** Lints each file with biome.json's import rules; returns the imports refused, as `file: line`. */
function refusedImports(files: Record<string, string>): string[] {
  const dir = tempDir();
  const config = { linter: { enabled: true, rules: { recommended: false } }, overrides: biomeConfig.overrides };
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${text}\n`);
  }
  const run = spawnSync(join(repo, 'node_modules/.bin/biome'), ['lint', '--reporter=json', 'src'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const diagnostics: { category: string; location: { path: string } }[] = JSON.parse(run.stdout).diagnostics;
  return diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => `${diagnostic.location.path}: ${files[diagnostic.location.path]}`)
    .sort();
}

describe('the table of layers (scripts/import-layers.mjs)', () => {
  it("is where biome.json's import rules come from", () => {
    expect(biomeConfig.overrides, 'biome.json differs from the table: run `node scripts/import-layers.mjs`').toEqual(
      importOverrides(),
    );
  });

  it('places every folder and root file of every side, and nothing that is gone', () => {
    expect(placementProblems(join(repo, 'src'))).toEqual([]);
  });

  it('refuses a new folder or root file until it is placed, and names a placed one that is gone', () => {
    const src = skeletonOfSrc();
    expect(placementProblems(src)).toEqual([]);
    mkdirSync(join(src, 'renderer', 'reports'));
    mkdirSync(join(src, 'main', 'core', 'scope'));
    writeFileSync(join(src, 'service', 'tracing.ts'), '');
    rmSync(join(src, 'renderer', 'records'), { recursive: true });
    expect(placementProblems(src).sort()).toEqual([
      expect.stringMatching(/^src\/main\/core\/scope\/ is not placed/),
      expect.stringMatching(/^src\/renderer\/records\/ is in .* but no longer exists/),
      expect.stringMatching(/^src\/renderer\/reports\/ is not placed/),
      expect.stringMatching(/^src\/service\/tracing\.ts is not placed/),
    ]);
  });

  it('lets a unit name only units below it, so the floors only look down', () => {
    const table = structuredClone(layers);
    const renderer = table.find((side) => side.side === 'renderer')!;
    renderer.units.find((unit) => unit.unit === 'records/')!.allow.push('calls/');
    expect(() => importOverrides(table)).toThrow('src/renderer/records/ may not import calls/: it stands higher');
  });

  it('refuses in code what its unit does not allow, and lets tests use the test kits', () => {
    const refused = refusedImports({
      // The renderer: the link components sit below the features that use them.
      'src/renderer/deals/a.tsx': "export { CallsScreen } from '../calls/CallsScreen';",
      'src/renderer/calls/a.tsx': "export { CallLink } from '../records/CallLink';",
      'src/renderer/records/a.tsx': "export { dealQueries } from '../deals/queries';",
      // A unit's name at the end of a path into src/shared is not that unit.
      'src/renderer/navigation/a.ts': "export type { Deal } from '../../shared/api';",
      'src/renderer/navigation/b.ts': "export { call } from '../api';",
      'src/renderer/app/a.ts': "export { served } from '../../shared/api/served';",
      // The service: test kits are for tests.
      'src/service/queries/a.ts': "export { startTestService } from '../testing/test-service';",
      'src/service/queries/a.test.ts': "export { startTestService } from '../testing/test-service';",
      'src/service/db/a.ts': "export { listDeals } from '../queries/deals';",
      // A file of a folder on a floor of its own: search's schema, below the database that applies it.
      'src/service/db/b.ts': "export { trigramIndex } from '../search/search-schema';",
      'src/service/search/search-schema.ts': "export { prepared } from '../db/prepared';",
      'src/service/http/a.ts': "export { trigramIndex } from '../search/search-schema';",
      'src/service/http/b.ts': "export { searchTranscripts } from '../search';",
      // The core: floors, electron only in the shell, and the service's kits only in tests.
      'src/main/core/engine/a.ts': "export { createAppCore } from '../../app/app-core';",
      'src/main/core/engine/b.ts': "export { app } from 'electron';",
      'src/main/core/app/a.test.ts': "export { startTestService } from '../../../service/testing/test-service';",
      'src/main/core/app/b.test.ts': "export { openDatabase } from '../../../service/db/database';",
      'src/main/index.ts': "export { app } from 'electron';",
    });
    expect(refused).toEqual([
      "src/main/core/app/b.test.ts: export { openDatabase } from '../../../service/db/database';",
      "src/main/core/engine/a.ts: export { createAppCore } from '../../app/app-core';",
      "src/main/core/engine/b.ts: export { app } from 'electron';",
      "src/renderer/app/a.ts: export { served } from '../../shared/api/served';",
      "src/renderer/deals/a.tsx: export { CallsScreen } from '../calls/CallsScreen';",
      "src/renderer/navigation/b.ts: export { call } from '../api';",
      "src/renderer/records/a.tsx: export { dealQueries } from '../deals/queries';",
      "src/service/db/a.ts: export { listDeals } from '../queries/deals';",
      "src/service/http/a.ts: export { trigramIndex } from '../search/search-schema';",
      "src/service/queries/a.ts: export { startTestService } from '../testing/test-service';",
      "src/service/search/search-schema.ts: export { prepared } from '../db/prepared';",
    ]);
  });
});
