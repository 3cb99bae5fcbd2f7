import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** Revocation is immediate: authentication reads the row on every request. */
export function revokeKey(db: Db, keyId: string, now: Date): void {
  prepared(db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), keyId);
}
