import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCopyReader } from './copy-reader';
import { canonicalParams, replicaAnswers } from './replica-answers';
import { openReplicaDb } from './replica-db';
import { replicaFileName } from './replicas';

const key = Buffer.alloc(32, 9);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyFile() {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-reader-'));
  dirs.push(dir);
  const db = openReplicaDb({ file: join(dir, replicaFileName('w')), key });
  return { dir, db, answers: replicaAnswers(db) };
}

describe('reading an encrypted copy on a connection of its own', () => {
  it('sees what the engine committed, never a write still in progress', async () => {
    const { dir, db, answers } = copyFile();
    const params = canonicalParams({ id: 'd1' });
    answers.put('getDeal', params, { data: { id: 'd1', title: 'Before' } }, 1);
    const reader = createCopyReader({ dir, key: async () => key });
    expect(await reader.storedAnswer('w', 'getDeal', { id: 'd1' })).toEqual({
      body: { data: { id: 'd1', title: 'Before' } },
      fetchedAt: 1,
    });

    db.exec('BEGIN IMMEDIATE');
    answers.put('getDeal', params, { data: { id: 'd1', title: 'After' } }, 2);
    expect((await reader.storedAnswer('w', 'getDeal', { id: 'd1' }))?.body).toEqual({
      data: { id: 'd1', title: 'Before' },
    });
    db.exec('COMMIT');
    expect((await reader.storedAnswer('w', 'getDeal', { id: 'd1' }))?.body).toEqual({
      data: { id: 'd1', title: 'After' },
    });
    reader.close();
    db.close();
  });

  it('reads nothing of a copy it has no key for, none on disk, or one with another key', async () => {
    const { dir, db, answers } = copyFile();
    answers.put('getDeal', canonicalParams({ id: 'd1' }), { data: { id: 'd1' } }, 1);
    expect(await createCopyReader({ dir, key: async () => null }).storedAnswer('w', 'getDeal', { id: 'd1' })).toBe(
      null,
    );
    expect(await createCopyReader({ dir, key: async () => key }).storedAnswer('x', 'getDeal', { id: 'd1' })).toBe(null);
    const otherKey = createCopyReader({ dir, key: async () => Buffer.alloc(32, 1) });
    await expect(otherKey.storedAnswer('w', 'getDeal', { id: 'd1' })).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
    db.close();
  });
});
