import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DATABASE_FILE, type Db, migrate, openDatabase } from '../db/database';
import { migrations } from '../db/migrations';
import { seedDatabase } from '../seed';
import { expectPlainScanAnswer, plainScan } from '../testing/plain-scan';
import { defaultTuning, type SearchTuning } from './search-index';
import { searchTranscripts } from './search-transcripts';

/**
 * Every way search can answer (counters, short-substring index, trigram index, each walk of the
 * first page, scans) must give exactly the answer of a plain scan: every segment of the
 * organisation's calls that are not DELETED whose folded text holds the folded needle, newest
 * call first. These tests compare them on a seeded workspace, before and after writes.
 */

let dir: string;
let db: Db;
let orgId: string;
let dealId: string;

const tunings: SearchTuning[] = [
  defaultTuning,
  { sparseMatches: 0, denseCalls: 0, firstStep: 1, splitFrom: 0 },
  { sparseMatches: 0, denseCalls: 0, firstStep: 5, splitFrom: 1_000_000 },
  { sparseMatches: 0, denseCalls: 1, firstStep: 2, splitFrom: 0 },
  { sparseMatches: 0, denseCalls: 1_000_000, firstStep: 1, splitFrom: 1_000_000 },
  { sparseMatches: 10_000, denseCalls: 0, firstStep: 1, splitFrom: 0 },
];

const queries = [
  // 1 character
  'e',
  'E',
  'é',
  'É',
  'k',
  's',
  '%',
  '_',
  '"',
  "'",
  '\\',
  '😀',
  'ı',
  // 2 characters
  'to',
  'ÉT',
  'ok',
  '%_',
  '""',
  "'s",
  '😀!',
  'i\u0307',
  // 3 characters
  'the',
  'THE',
  'été',
  '0 k',
  'STR',
  // 4 characters
  ' the',
  'ÉTÉ ',
  'ok 😀',
  '0% o',
  'ſtra',
  'İsta',
  'k an',
  // 5 characters and more
  ' the ',
  'ÉTÉ à',
  'ok 😀!',
  'İstanbul',
  'ſtraße',
  'the "the',
  'rewritten: É',
  'PRICE',
  'budget',
  'Núñez',
  'ZOË',
  'next step',
  '"Monday"',
  '100%_done',
  'no such words',
];

function addCall(id: string, createdAt: string, lines: string[], status = 'READY') {
  db.prepare(
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'DEMO', ?, ?)`,
  ).run(id, orgId, dealId, `Call ${id}`, status, createdAt, createdAt);
  const insert = db.prepare(
    `INSERT INTO transcript_segments (video_id, org_id, deal_id, video_created_at, start, end, speaker, speaker_role, text)
     VALUES (?, ?, ?, ?, ?, ?, 'Zoë Brontë', 'SELLER', ?)`,
  );
  lines.forEach((text, index) => {
    insert.run(id, orgId, dealId, createdAt, index * 10, index * 10 + 5, text);
  });
}

function expectEveryPathAgrees(): void {
  const someCall = db
    .prepare("SELECT id FROM videos WHERE org_id = ? AND status != 'DELETED' ORDER BY id LIMIT 1")
    .pluck()
    .get(orgId) as string;
  for (const q of queries) {
    const filtered = [{ deal_id: dealId }, { video_id: someCall }, { video_id: someCall, deal_id: dealId }];
    const ways: { filter: { video_id?: string; deal_id?: string }; tuning?: SearchTuning }[] = [
      ...tunings.map((tuning) => ({ filter: {}, tuning })),
      ...filtered.map((filter) => ({ filter })),
    ];
    for (const { filter, tuning } of ways) {
      const expected = plainScan(db, orgId, q, filter);
      for (const limit of [1, 7, 100]) {
        const result = searchTranscripts(db, orgId, { q, limit, ...filter }, tuning);
        const way = `${JSON.stringify(q)} limit ${limit} ${JSON.stringify(filter)} ${JSON.stringify(tuning ?? {})}`;
        expectPlainScanAnswer(result, expected, limit, way);
      }
    }
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callscope-search-paths-'));
  db = openDatabase(dir);
  orgId = seedDatabase(db, { profile: 'test', issueKey: () => 'sci_unused' }).orgs[0]!.id;
  dealId = db.prepare('SELECT id FROM deals WHERE org_id = ? ORDER BY id LIMIT 1').pluck().get(orgId) as string;
  // Lines that exercise folding and literal characters, in calls whose storage order is not
  // their creation order: the oldest call is stored last, two calls share one creation instant.
  addCall('vid_tie_a', '2027-01-02T00:00:00.000Z', ['ÉTÉ à Paris, 50% off', 'Zur ſtraße', 'ok 😀! ok']);
  addCall('vid_tie_b', '2027-01-02T00:00:00.000Z', ['Kelvin: 300 \u212A', 'İstanbul and ıstanbul', 'the "the" THE']);
  addCall('vid_old_stored_last', '2020-01-01T00:00:00.000Z', [
    'A * B and 100%_done',
    'Path C:\\Reports\\Calls',
    'We call it "Monday", it\'s été',
    'é',
  ]);
  addCall('vid_gone', '2027-02-01T00:00:00.000Z', ['Deleted: the pricing é ok % 😀'], 'DELETED');
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('every search path', () => {
  it('agrees with a plain scan of a seeded workspace', () => {
    expectEveryPathAgrees();
  });

  it('still agrees after calls are stored, deleted and restored, and segments rewritten and removed', () => {
    const setStatus = db.prepare('UPDATE videos SET status = ? WHERE id = ?');
    setStatus.run('DELETED', 'vid_tie_a');
    setStatus.run('ARCHIVED', 'vid_gone');
    addCall('vid_new', '2027-03-01T00:00:00.000Z', ['Brand new: the É, the é, the e', `${'long '.repeat(300)}é!`]);
    db.prepare(
      "UPDATE transcript_segments SET text = 'rewritten: É ok \"' WHERE video_id = 'vid_tie_b' AND start = 0",
    ).run();
    db.prepare("DELETE FROM transcript_segments WHERE video_id = 'vid_old_stored_last' AND start = 30").run();
    expectEveryPathAgrees();

    setStatus.run('READY', 'vid_tie_a');
    expectEveryPathAgrees();
  });
});

const byLength = (test: (length: number) => boolean) => queries.filter((q) => test([...q].length));

describe.each([
  // Migration 7 added the counts of 4 character substrings, 8 the index of 5 character substrings.
  {
    version: 7,
    migratedQueries: byLength((length) => length === 4).concat(['the ', ' and', 'ing ']),
  },
  {
    version: 8,
    migratedQueries: byLength((length) => length >= 5).concat(['and the', 'the pricing', ' and ']),
  },
])('a workspace stored before migration $version', ({ version, migratedQueries }) => {
  it('finds every match once migrated, and keeps finding them as calls change', () => {
    const olderDir = mkdtempSync(join(tmpdir(), 'callscope-search-migration-'));
    try {
      const older = new Database(join(olderDir, DATABASE_FILE));
      migrate(
        older,
        migrations.filter((migration) => migration.version < version),
      );
      const olderOrg = seedDatabase(older, { profile: 'test', issueKey: () => 'sci_unused' }).orgs[0]!.id;
      older.close();

      const migrated = openDatabase(olderDir);
      const expectSearchesAgree = () => {
        for (const q of migratedQueries) {
          expectPlainScanAnswer(
            searchTranscripts(migrated, olderOrg, { q, limit: 7 }),
            plainScan(migrated, olderOrg, q),
            7,
            q,
          );
        }
      };
      expectSearchesAgree();
      const someCall = migrated.prepare('SELECT id FROM videos WHERE org_id = ? LIMIT 1').pluck().get(olderOrg);
      migrated.prepare("UPDATE videos SET status = 'DELETED' WHERE id = ?").run(someCall);
      expectSearchesAgree();
      migrated.close();
    } finally {
      rmSync(olderDir, { recursive: true, force: true });
    }
  });
});
