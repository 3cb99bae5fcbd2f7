import type { Db } from '../db/database';

/** Revocation is immediate: authentication reads the row on every request. */
export function revokeKey(db: Db, keyId: string, now: Date): void {
  db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), keyId);
}
