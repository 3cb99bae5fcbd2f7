import type { Db } from '../db/database';

/** The per-data-directory key-signing secret (migration 2); it never changes, so read it once. */
export function readSigningSecret(db: Db): string {
  return db.prepare('SELECT key_signing_secret FROM service_secret WHERE id = 1').pluck().get() as string;
}
