import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { KEY_PREFIX } from '../../shared/api/scopes';

/**
 * A key reads `sci_<key id>_<secret>_<signature>`: the signature is an HMAC of everything before
 * it under the data directory's signing secret, so a forged or mistyped key is refused before
 * any lookup; only a SHA-256 of the secret part is stored (interface, Authentication).
 */
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}([0-9a-f]{16})_([0-9a-f]{40})_([0-9a-f]{32})$`);

export interface ParsedKey {
  keyId: string;
  secret: string;
  signature: string;
}

export function parseKey(raw: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(raw);
  if (!match) return null;
  const [, keyId, secret, signature] = match as unknown as [string, string, string, string];
  return { keyId, secret, signature };
}

function signatureOf(signingSecret: string, keyId: string, secret: string): string {
  return createHmac('sha256', signingSecret).update(`${KEY_PREFIX}${keyId}_${secret}`).digest('hex').slice(0, 32);
}

export function hasValidSignature(signingSecret: string, key: ParsedKey): boolean {
  const expected = Buffer.from(signatureOf(signingSecret, key.keyId, key.secret));
  return timingSafeEqual(expected, Buffer.from(key.signature));
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A presented secret's hash against the stored one, in constant time. */
export function hashesMatch(presentedHash: string, storedHash: string): boolean {
  const actual = Buffer.from(presentedHash);
  const stored = Buffer.from(storedHash);
  return actual.length === stored.length && timingSafeEqual(actual, stored);
}

/** A fresh, validly signed key and the parts the key table stores. */
export function mintKey(signingSecret: string): { key: string; keyId: string; secretHash: string } {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(20).toString('hex');
  const key = `${KEY_PREFIX}${keyId}_${secret}_${signatureOf(signingSecret, keyId, secret)}`;
  return { key, keyId, secretHash: hashSecret(secret) };
}
