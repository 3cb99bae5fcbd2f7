import { hashSecret, hasValidSignature, parseKey } from './key-format';

/** What a key string amounts to once its signature is checked: its id and its secret's stored hash. */
export interface VerifiedKey {
  keyId: string;
  secretHash: string;
}

/** Enough for every key a busy server sees; the oldest is forgotten first. */
const CAPACITY = 1024;
const verified = new Map<string, VerifiedKey>();

/**
 * A key's signature and secret hash depend only on the key and the signing secret, so each key
 * is checked once (an HMAC and a SHA-256 per request were a measurable share of every answer).
 * Its row is still read on every request, so revocation and deactivation apply at once.
 * Null: not a key this data directory signed.
 */
export function verifiedKey(signingSecret: string, raw: string): VerifiedKey | null {
  const cacheKey = `${signingSecret}\u0000${raw}`;
  const known = verified.get(cacheKey);
  if (known) return known;
  const key = parseKey(raw);
  if (!key || !hasValidSignature(signingSecret, key)) return null;
  const result = { keyId: key.keyId, secretHash: hashSecret(key.secret) };
  if (verified.size >= CAPACITY) verified.delete(verified.keys().next().value!);
  verified.set(cacheKey, result);
  return result;
}
