import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** design.md: idempotency keys are kept 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface StoredResponse {
  fingerprint: string;
  status: number;
  /** The response body as first sent. */
  body: unknown;
}

/** What makes two requests "the same": method, path and body (interface, Limits; design.md). */
export function requestFingerprint(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex');
}

export function findStoredResponse(db: Db, apiKeyId: string, key: string, now: Date): StoredResponse | undefined {
  const row = prepared(
    db,
    `SELECT request_fingerprint, response_status, response_data FROM idempotency_keys
       WHERE api_key_id = ? AND idempotency_key = ? AND created_at > ?`,
  ).get(apiKeyId, key, new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString()) as
    | { request_fingerprint: string; response_status: number; response_data: string }
    | undefined;
  return (
    row && {
      fingerprint: row.request_fingerprint,
      status: row.response_status,
      body: JSON.parse(row.response_data),
    }
  );
}

/** Stores a response and forgets expired keys, which keeps the table at a day's worth of keys. */
export function storeResponse(db: Db, apiKeyId: string, key: string, response: StoredResponse, now: Date): void {
  const at = now.toISOString();
  db.transaction(() => {
    prepared(db, 'DELETE FROM idempotency_keys WHERE created_at <= ?').run(
      new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
    );
    prepared(
      db,
      `INSERT OR REPLACE INTO idempotency_keys
         (api_key_id, idempotency_key, request_fingerprint, response_status, response_data, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(apiKeyId, key, response.fingerprint, response.status, JSON.stringify(response.body), at);
  })();
}
