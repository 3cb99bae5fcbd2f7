import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../db/database';

/** A real database in a fresh temp dir, for unit tests of the job, scoring and webhook modules. */
export function openTempDatabase(): { db: Db; dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-jobs-'));
  const db = openDatabase(dir);
  return {
    db,
    dir,
    dispose: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const T0 = '2026-01-01T00:00:00.000Z';

/** The smallest organisation the tests need: org, member, one deal, one call linked to it. */
export function insertOrgWithDealAndCall(
  db: Db,
  ids: { org: string; deal: string; video: string } = { org: 'org_1', deal: 'deal_1', video: 'vid_1' },
): void {
  db.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(ids.org, 'Acme', T0);
  db.prepare('INSERT INTO organization_settings (org_id) VALUES (?)').run(ids.org);
  db.prepare(
    `INSERT INTO members (id, org_id, email, status, given_name, family_name, display_name, created_at)
     VALUES (?, ?, 'a@acme.test', 'ACTIVE', 'Ada', 'Lee', 'Ada Lee', ?)`,
  ).run(`mem_${ids.org}`, ids.org, T0);
  db.prepare(
    `INSERT INTO deals (id, org_id, title, status, close_date, created_at, updated_at)
     VALUES (?, ?, 'Big deal', 'OPEN', '2026-01-20T00:00:00.000Z', ?, ?)`,
  ).run(ids.deal, ids.org, T0, T0);
  db.prepare(
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, duration_seconds, processed_at, created_at, updated_at)
     VALUES (?, ?, ?, 'Discovery call', 'READY', 'DISCOVERY', 60, ?, ?, ?)`,
  ).run(ids.video, ids.org, ids.deal, T0, T0, T0);
}
