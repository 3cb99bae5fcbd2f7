import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrations } from './migrations';

describe('openDatabase', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-db-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('applies every migration once and keeps data across reopening', () => {
    const dir = tempDir();
    const first = openDatabase(dir);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    first
      .prepare("INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'Acme', '2026-01-01T00:00:00.000Z')")
      .run();
    first.close();

    const second = openDatabase(dir);
    expect(second.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(second.prepare('SELECT name FROM organizations').pluck().all()).toEqual(['Acme']);
    second.close();
  });
});
