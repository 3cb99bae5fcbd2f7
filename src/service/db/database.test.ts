import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from './database';
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

  it('keeps the directory, the database and its journals readable by the owner only, tightening older ones', () => {
    const dir = tempDir();
    const mode = (path: string) => statSync(path).mode & 0o777;
    const file = join(dir, DATABASE_FILE);
    openDatabase(dir).close();
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);

    const db = openDatabase(dir);
    db.prepare(
      "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'Acme', '2026-01-01T00:00:00.000Z')",
    ).run();
    expect(mode(dir)).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe(0o600);
    db.close();
  });
});
