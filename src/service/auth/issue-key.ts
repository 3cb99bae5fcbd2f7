import type { Scope } from '../../shared/api/scopes';
import type { Db } from '../db/database';
import type { RateLimit } from '../ratelimit/rate-limit';
import { mintKey } from './key-format';
import { readSigningSecret } from './signing-secret';

export interface KeyRequest {
  orgId: string;
  memberId: string;
  scopes: readonly Scope[];
  rateLimit?: RateLimit | null;
}

/** What the seed generator receives, so it can issue keys without knowing how they are made. */
export type IssueKey = (request: KeyRequest) => string;

export class UnknownMemberError extends Error {}

export function issueKey(db: Db, request: KeyRequest): string {
  const member = db.prepare('SELECT 1 FROM members WHERE id = ? AND org_id = ?').get(request.memberId, request.orgId);
  if (!member) {
    throw new UnknownMemberError(`member ${request.memberId} does not belong to organization ${request.orgId}`);
  }
  const { key, keyId, secretHash } = mintKey(readSigningSecret(db));
  db.prepare(
    `INSERT INTO api_keys (id, org_id, member_id, secret_hash, scopes, rate_limit_requests, rate_limit_seconds, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    keyId,
    request.orgId,
    request.memberId,
    secretHash,
    JSON.stringify([...new Set(request.scopes)]),
    request.rateLimit?.requests ?? null,
    request.rateLimit?.seconds ?? null,
    new Date().toISOString(),
  );
  return key;
}

/** A validly signed key with no row: the interface's "created outside the normal flow" case. */
export function mintUnregisteredKey(db: Db): string {
  return mintKey(readSigningSecret(db)).key;
}
