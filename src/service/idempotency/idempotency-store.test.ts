import { afterEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../testing/temp-database';
import { findStoredResponse, IDEMPOTENCY_TTL_MS, requestFingerprint, storeResponse } from './idempotency-store';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('idempotency store', () => {
  const stored = { fingerprint: requestFingerprint('POST', '/v1/webhooks', '{}'), status: 201, body: { data: 1 } };

  it('keeps a response for 24 hours, per API key', () => {
    const { db, dispose } = openTempDatabase();
    disposers.push(dispose);
    const at = new Date('2026-01-01T00:00:00.000Z');
    storeResponse(db, 'key_a', 'k1', stored, at);

    expect(findStoredResponse(db, 'key_a', 'k1', new Date(at.getTime() + IDEMPOTENCY_TTL_MS - 1))).toEqual(stored);
    expect(findStoredResponse(db, 'key_b', 'k1', at)).toBeUndefined();
    expect(findStoredResponse(db, 'key_a', 'k1', new Date(at.getTime() + IDEMPOTENCY_TTL_MS))).toBeUndefined();
  });

  it('forgets expired keys when storing new ones', () => {
    const { db, dispose } = openTempDatabase();
    disposers.push(dispose);
    const at = new Date('2026-01-01T00:00:00.000Z');
    storeResponse(db, 'key_a', 'old', stored, at);
    storeResponse(db, 'key_a', 'new', stored, new Date(at.getTime() + IDEMPOTENCY_TTL_MS + 1));
    expect(db.prepare('SELECT idempotency_key FROM idempotency_keys').pluck().all()).toEqual(['new']);
  });

  it('tells requests apart by method, path and body', () => {
    const fingerprints = new Set([
      requestFingerprint('POST', '/v1/webhooks', '{"url":"a"}'),
      requestFingerprint('POST', '/v1/webhooks', '{"url":"b"}'),
      requestFingerprint('POST', '/v1/videos/v1/analyses', ''),
      requestFingerprint('POST', '/v1/videos/v2/analyses', ''),
    ]);
    expect(fingerprints.size).toBe(4);
  });
});
