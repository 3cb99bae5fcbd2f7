import { type Scope, Scope as ScopeSchema } from '../../shared/api/scopes';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { RateLimit } from '../ratelimit/rate-limit';
import { hashesMatch } from './key-format';
import { verifiedKey } from './verified-keys';

/** Who is calling: everything a handler may use to scope its reads. */
export interface Caller {
  keyId: string;
  orgId: string;
  memberId: string;
  scopes: ReadonlySet<Scope>;
  rateLimit: RateLimit | null;
}

export type AuthFailure = { code: 'unauthorized' | 'invalid_key_metadata' | 'forbidden'; message: string };
export type AuthResult = { ok: true; caller: Caller } | ({ ok: false } & AuthFailure);

interface KeyRow {
  org_id: string;
  member_id: string;
  secret_hash: string;
  scopes: string;
  rate_limit_requests: number | null;
  rate_limit_seconds: number | null;
  revoked_at: string | null;
  active: number;
}

const BEARER = /^Bearer +(\S+) *$/i;

function fail(code: AuthFailure['code'], message: string): AuthResult {
  return { ok: false, code, message };
}

/**
 * interface, Authentication 3-6: signature first (no lookup for a forged key), then the row
 * (none: invalid_key_metadata), then the hash and revocation (401), then the organisation (403).
 * Read on every request, so revocation and `org set-active` apply immediately.
 */
export function authenticate(db: Db, signingSecret: string, authorization: string | undefined): AuthResult {
  if (authorization === undefined) return fail('unauthorized', 'the Authorization header is missing');
  const bearer = BEARER.exec(authorization);
  if (!bearer) return fail('unauthorized', 'the Authorization header must read "Bearer <API key>"');
  const key = verifiedKey(signingSecret, bearer[1] as string);
  if (!key) return fail('unauthorized', 'the API key is not valid');

  const row = prepared(
    db,
    `SELECT k.org_id, k.member_id, k.secret_hash, k.scopes, k.rate_limit_requests, k.rate_limit_seconds,
              k.revoked_at, o.active
       FROM api_keys k JOIN organizations o ON o.id = k.org_id WHERE k.id = ?`,
  ).get(key.keyId) as KeyRow | undefined;
  if (!row) {
    return fail('invalid_key_metadata', 'the API key was created outside the normal flow; issue a new key');
  }
  if (!hashesMatch(key.secretHash, row.secret_hash)) return fail('unauthorized', 'the API key is not valid');
  if (row.revoked_at !== null) return fail('unauthorized', 'the API key has been revoked');
  if (row.active !== 1) return fail('forbidden', "the key's organization is inactive");

  const scopes = (JSON.parse(row.scopes) as unknown[]).flatMap((scope) => {
    const parsed = ScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
  const rateLimit =
    row.rate_limit_requests !== null && row.rate_limit_seconds !== null
      ? { requests: row.rate_limit_requests, seconds: row.rate_limit_seconds }
      : null;
  return {
    ok: true,
    caller: { keyId: key.keyId, orgId: row.org_id, memberId: row.member_id, scopes: new Set(scopes), rateLimit },
  };
}
