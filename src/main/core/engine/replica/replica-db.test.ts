import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PlainDatabase from 'better-sqlite3';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionKeyVault } from '../../platform/key-vault/session-key-vault';
import { damage, writeThenCrash } from '../../testing/replica-faults';
import { replicaAnswers } from './replica-answers';
import { checkReplicaFile } from './replica-check';
import { closedUncleanly, openReplicaDb, setReplicaFilesAside } from './replica-db';
import { migrateReplica } from './replica-schema';
import { createReplicas } from './replicas';
import { classifyStorageError, NewerReplicaError } from './storage-faults';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-replica-'));
  dirs.push(dir);
  return dir;
}

const key = Buffer.alloc(32, 7);
const secretLine = 'Our budget for the pilot is forty thousand';

function writeAnswer(file: string) {
  const db = openReplicaDb({ file, key });
  replicaAnswers(db).put('getTranscript', '[["id","vid_1"]]', { data: [{ text: secretLine }], meta: {} }, 1);
  db.close();
}

describe('the replica file', () => {
  it('holds no readable text of the calls, and opens again with its key', () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    writeAnswer(file);
    expect(readFileSync(file).includes(secretLine)).toBe(false);
    const db = openReplicaDb({ file, key });
    expect(replicaAnswers(db).get('getTranscript', '[["id","vid_1"]]')?.body).toEqual({
      data: [{ text: secretLine }],
      meta: {},
    });
    db.close();
  });

  it('cannot be read with another key or by plain SQLite', () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    writeAnswer(file);
    expect(() => openReplicaDb({ file, key: Buffer.alloc(32, 8) })).toThrow(/not a database/);
    const plain = new PlainDatabase(file);
    expect(() => plain.prepare('SELECT * FROM answers').all()).toThrow(/not a database/);
    plain.close();
  });

  it('is readable and writable by its owner only, side files included', () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    const db = openReplicaDb({ file, key });
    replicaAnswers(db).put('getDeal', '[]', { data: {} }, 1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    db.close();
  });
});

describe('replicas per workspace', () => {
  it('stay in memory when keys live only for this session, since a key lost at exit would orphan the file', async () => {
    const dir = tempDir();
    const replicas = createReplicas({ vault: createSessionKeyVault('no keychain in tests'), dir });
    const replica = (await replicas.get('ws-1'))!;
    expect(replica.storage).toBe('memory');
    replica.answers.put('getDeal', '[]', { data: {} }, 1);
    expect(statSync(dir).isDirectory()).toBe(true);
    await replicas.close();
  });
});

describe('the replica schema', () => {
  it('gives the transcripts an older replica indexed their rowid spans when it is upgraded', () => {
    // A replica as it was before spans (version 3), holding two transcripts of three lines.
    const db = new Database(':memory:');
    migrateReplica(db, 3);
    const insert = db.prepare("INSERT INTO segments (video_id, position, segment_id, text) VALUES (?, ?, ?, 'a')");
    for (const id of ['vid_1', 'vid_2']) for (const position of [0, 1, 2]) insert.run(id, position, `s${position}`);

    migrateReplica(db);
    expect(db.prepare('SELECT video_id, first_rowid, last_rowid FROM segment_spans ORDER BY video_id').all()).toEqual([
      { video_id: 'vid_1', first_rowid: 1, last_rowid: 3 },
      { video_id: 'vid_2', first_rowid: 4, last_rowid: 6 },
    ]);
    db.close();
  });

  it('gives the lines of the transcripts an older replica holds their ends and each call its figures', () => {
    // A replica as it was before segments kept their end (version 13): one transcript, indexed.
    const db = new Database(':memory:');
    migrateReplica(db, 13);
    const lines = [
      { id: 's0', text: 'Hello?', start: 0, end: 2.5 },
      { id: 's1', text: 'No end', start: 3 },
      { id: 's2', text: 'An end that is not a time', start: 4, end: 'soon' },
    ];
    db.prepare('INSERT INTO answers (op, params, body, fetched_at) VALUES (?, ?, ?, 1)').run(
      'getTranscript',
      '[["id","vid_1"]]',
      JSON.stringify({ data: lines }),
    );
    const insert = db.prepare(
      "INSERT INTO segments (video_id, position, segment_id, text, start, speaker, speaker_role) VALUES (?, ?, ?, ?, ?, 'Ana', 'SELLER')",
    );
    for (const [position, line] of lines.entries()) insert.run('vid_1', position, line.id, line.text, line.start);
    db.prepare('INSERT INTO segment_spans (video_id, first_rowid, last_rowid) VALUES (?, 1, 3)').run('vid_1');

    migrateReplica(db);
    expect(db.prepare('SELECT position, "end" FROM segments ORDER BY position').all()).toEqual([
      { position: 0, end: 2.5 },
      { position: 1, end: null },
      { position: 2, end: null },
    ]);
    expect(db.prepare('SELECT * FROM call_figures').all()).toEqual([
      {
        video_id: 'vid_1',
        latest: 4,
        talk_share: 1,
        longest_monologue: 2.5,
        questions: 1,
        switches_per_minute: 0,
      },
    ]);
    db.close();
  });
});

function withTranscripts(file: string): void {
  const db = openReplicaDb({ file, key });
  const answers = replicaAnswers(db);
  for (let call = 0; call < 40; call += 1) {
    const segments = Array.from({ length: 30 }, (_, n) => ({ id: `s${n}`, text: `${secretLine} ${call} ${n}` }));
    answers.put('getTranscript', `[["id","vid_${call}"]]`, { data: segments, meta: {} }, call);
  }
  db.close();
}

describe('a replica file that cannot be used as it is', () => {
  it('is refused when a newer version wrote it, rather than read with tables this build does not know', () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    writeAnswer(file);
    const newer = openReplicaDb({ file, key });
    newer.pragma('user_version = 99');
    newer.close();
    let refused: unknown = null;
    try {
      openReplicaDb({ file, key });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(NewerReplicaError);
    expect(classifyStorageError(refused)).toBe('newer-version');
  });

  it('says it is damaged, from the first page or from a page a read meets later', () => {
    const atOpen = join(tempDir(), 'w.replica.sqlite');
    writeAnswer(atOpen);
    expect(damage(atOpen, key, 'first page')).toBe(1);
    expect(() => openReplicaDb({ file: atOpen, key })).toThrow();
    try {
      openReplicaDb({ file: atOpen, key });
    } catch (error) {
      expect(classifyStorageError(error)).toBe('corrupt');
    }

    const later = join(tempDir(), 'w.replica.sqlite');
    withTranscripts(later);
    expect(damage(later, key, ['answers'])).toBeGreaterThan(0);
    const db = openReplicaDb({ file: later, key });
    const answers = replicaAnswers(db);
    let failure: unknown = null;
    try {
      answers.get('getTranscript', '[["id","vid_3"]]');
    } catch (error) {
      failure = error;
    }
    expect(classifyStorageError(failure)).toBe('corrupt');
    db.close();
  });

  it('says it is full when it cannot grow', () => {
    const db = openReplicaDb({ file: null });
    db.pragma('max_page_count = 1');
    let failure: unknown = null;
    try {
      replicaAnswers(db).put('getTranscript', '[]', { data: 'x'.repeat(100_000) }, 1);
    } catch (error) {
      failure = error;
    }
    expect(classifyStorageError(failure)).toBe('full');
    db.close();
  });

  it('set aside after a crash, keeps what the crashed session committed, its WAL beside it', () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    writeAnswer(file);
    expect(closedUncleanly(file)).toBe(false);
    writeThenCrash(file, key, 'committed just before the crash');
    expect(closedUncleanly(file)).toBe(true);

    const keptAt = setReplicaFilesAside(file, 'corrupt', new Date('2025-11-27T18:20:00.000Z'));
    expect(keptAt).toBe(`${file}.corrupt-2025-11-27T18-20-00-000Z`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const kept = openReplicaDb({ file: keptAt, key });
    expect(replicaAnswers(kept).get('crashTest', '[]')?.body).toEqual({ data: 'committed just before the crash' });
    expect(replicaAnswers(kept).get('getTranscript', '[["id","vid_1"]]')).not.toBeNull();
    kept.close();
  });

  it('passes its quick_check when whole, and fails it with damaged pages no open would read', async () => {
    const file = join(tempDir(), 'w.replica.sqlite');
    withTranscripts(file);
    expect(await checkReplicaFile(file, key)).toEqual({ verdict: 'ok' });
    expect(damage(file, key, ['segments'])).toBeGreaterThan(0);
    // Opened as ever: the damage is where no read has been yet.
    openReplicaDb({ file, key }).close();
    expect(await checkReplicaFile(file, key)).toMatchObject({ verdict: 'damaged' });
  });
});
