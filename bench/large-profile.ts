/**
 * The `large` profile's seeded service database, kept in .data/bench-large between bench runs:
 * seeding it takes over twelve minutes here, so the search bench seeds it once per schema and the
 * sync bench (`--large`) serves the same directory instead of seeding its own.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { issueKey } from '../src/service/auth/issue-key';
import { DATABASE_FILE, type Db, openDatabase } from '../src/service/db/database';
import { migrations } from '../src/service/db/migrations';
import { seedDatabase } from '../src/service/seed';
import { startTestService, type TestService } from '../src/service/testing/test-service';
import { allScopes } from '../src/shared/api';
import { projectRoot } from './report';

export const largeDataDir = join(projectRoot, '.data', 'bench-large');
const seedRecordFile = join(largeDataDir, 'bench-seed.json');

export interface LargeSeed {
  schema: number;
  segments: number;
  seconds: number;
}

const schema = migrations.at(-1)!.version;

/**
 * The record of the seeding when the directory holds the large profile seeded under today's
 * schema; null when it is missing or older (a migrated database would not show what seeding with
 * today's triggers costs, so it is seeded again rather than reused).
 */
export function currentLargeSeed(): LargeSeed | null {
  if (!existsSync(seedRecordFile)) return null;
  const seed = JSON.parse(readFileSync(seedRecordFile, 'utf8')) as LargeSeed;
  return seed.schema === schema ? seed : null;
}

/** Seeds the large profile afresh (an older directory is deleted first) and records the seeding. */
export function seedLargeProfile(): { db: Db; seed: LargeSeed } {
  rmSync(largeDataDir, { recursive: true, force: true });
  console.log('seeding the large profile into .data/bench-large (a few minutes, once per schema)...');
  const db = openDatabase(largeDataDir);
  const started = performance.now();
  seedDatabase(db, { profile: 'large', issueKey });
  const seed = {
    schema,
    segments: db.prepare('SELECT count(*) FROM transcript_segments').pluck().get() as number,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(seedRecordFile, JSON.stringify(seed));
  return { db, seed };
}

/**
 * The seeded service data copied whole into a temporary directory, in one consistent read (another
 * bench may be serving it), for a bench that issues keys or changes data: the seed is only read,
 * and the copy goes with the service's `stop()`.
 */
async function servedLargeCopy(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-bench-served-'));
  const seeded = new Database(join(largeDataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    await seeded.backup(join(dir, DATABASE_FILE));
  } finally {
    seeded.close();
  }
  return dir;
}

/** The large profile served by the local service from a copy of the seed, with a key of its own. */
export interface ServedLargeWorkspace<T> {
  service: TestService;
  /** The first organisation's (`firstOrganisation`), with every scope. */
  apiKey: string;
  orgId: string;
  /** What `read` took from the copy before the service opened it. */
  read: T;
}

/**
 * The large profile's first organisation served from a copy of the seed (`servedLargeCopy`), a
 * key issued into the copy for its first member, and `read` run on the copy first (the records a
 * bench opens); the copy goes with the service's `stop()`.
 */
export async function serveLargeWorkspace<T = undefined>(
  read?: (db: Db, orgId: string) => T,
): Promise<ServedLargeWorkspace<T>> {
  const dataDir = await servedLargeCopy();
  const db = openDatabase(dataDir);
  let served: Omit<ServedLargeWorkspace<T>, 'service'>;
  try {
    const { orgId, memberId } = firstOrganisation(db);
    const apiKey = issueKey(db, { orgId, memberId, scopes: allScopes });
    served = { apiKey, orgId, read: read?.(db, orgId) as T };
  } finally {
    db.close();
  }
  return { ...served, service: await startTestService({ dataDir, profile: 'none' }) };
}

/**
 * The organisation the benches read as "the large profile": seeding writes the organisations and
 * their members in order, so the first active one is the 4,200-call organisation, and its first
 * member is the one its own keys belong to.
 */
export function firstOrganisation(db: Db): { orgId: string; memberId: string } {
  const orgId = db
    .prepare('SELECT id FROM organizations WHERE active = 1 ORDER BY rowid LIMIT 1')
    .pluck()
    .get() as string;
  const memberId = db
    .prepare('SELECT id FROM members WHERE org_id = ? ORDER BY rowid LIMIT 1')
    .pluck()
    .get(orgId) as string;
  return { orgId, memberId };
}
