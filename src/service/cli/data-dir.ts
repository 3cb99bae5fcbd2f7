import { type Db, openDatabase } from '../db/database';
import { UsageError } from './usage-error';

/** Opens --data DIR for one command and closes it whatever happens. */
export function withDatabase<T>(dataDir: string | undefined, run: (db: Db) => T): T {
  if (!dataDir) throw new UsageError('--data DIR is required');
  const db = openDatabase(dataDir);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

export function requireOrganization(db: Db, orgId: string | undefined): string {
  if (!orgId) throw new UsageError('--org ID is required');
  if (!db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(orgId)) {
    throw new UsageError(`no organization ${orgId}`);
  }
  return orgId;
}
