import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestOrg } from '../../shared/manifest';
import { openDatabase } from '../db/database';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

describe('authentication against the running service', () => {
  let service: TestService;
  let first: ManifestOrg;
  let second: ManifestOrg;
  let inactive: ManifestOrg;
  const get = (path: string, key?: string) => callApi(service.baseUrl, path, { key });

  beforeAll(async () => {
    service = await startTestService();
    const orgs = service.manifest!.orgs;
    [first, second] = orgs.filter((org) => org.active) as [ManifestOrg, ManifestOrg];
    inactive = orgs.find((org) => !org.active)!;
  });
  afterAll(() => service?.stop());

  it('answers 401 unauthorized without an Authorization header', async () => {
    const answer = await get('/v1/videos');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it.each([
    ['another scheme', (key: string) => `Basic ${key}`],
    ['no key', () => 'Bearer'],
    ['two words', (key: string) => `Bearer ${key} ${key}`],
    ['a key without the sci_ prefix', (key: string) => `Bearer ${key.slice(4)}`],
    ['a wrong signature', (key: string) => `Bearer ${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`],
    [
      'a different secret',
      (key: string) => `Bearer ${key.replace(/_([0-9a-f])/, (_, c) => `_${c === 'a' ? 'b' : 'a'}`)}`,
    ],
  ])('answers 401 unauthorized for %s', async (_, header) => {
    const answer = await callApi(service.baseUrl, '/v1/videos', {
      headers: { Authorization: header(fullAccessKey(first)) },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it('answers 401 invalid_key_metadata for a validly signed key the service never issued', async () => {
    const key = (await service.cli(['keys', 'mint-unregistered'])).trim();
    expect(key).toMatch(/^sci_/);
    const answer = await get('/v1/members/me', key);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_key_metadata');
  });

  it('answers 403 forbidden when the key lacks the endpoint scope, 200 with it', async () => {
    const partial = first.keys.find((key) => key.scopes.length === 2)!;
    expect((await get('/v1/videos', partial.key)).status).toBe(200);
    const answer = await get('/v1/members', partial.key);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
    expect(answer.body.error.message).toContain('members:read');
  });

  it('answers 403 forbidden for a key of an inactive organisation', async () => {
    const answer = await get('/v1/members/me', fullAccessKey(inactive));
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
  });

  it('applies org set-active to the running server on the next request', async () => {
    const key = fullAccessKey(second);
    await service.cli(['org', 'set-active', '--org', second.id, '--active', 'false']);
    expect((await get('/v1/members/me', key)).status).toBe(403);
    await service.cli(['org', 'set-active', '--org', second.id, '--active', 'true']);
    expect((await get('/v1/members/me', key)).status).toBe(200);
  });

  it('lets a key without any scope revoke itself; the next request with it gets 401', async () => {
    const member = first.members[0]!.id;
    const key = (
      await service.cli(['keys', 'issue', '--org', first.id, '--member', member, '--scopes', 'search:read'])
    ).trim();
    const revoked = await callApi(service.baseUrl, '/v1/keys/me', { key, method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ revoked: true });
    // 401 outranks the 403 this key's missing videos:read scope would give.
    const after = await get('/v1/videos', key);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    expect((await callApi(service.baseUrl, '/v1/keys/me', { key, method: 'DELETE' })).status).toBe(401);
  });

  it('answers 503 service_unavailable while key-verifier-down is on, even without a key', async () => {
    await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
    try {
      for (const key of [undefined, 'sci_garbage', fullAccessKey(first)]) {
        const answer = await get('/v1/videos', key);
        expect(answer.status).toBe(503);
        expect(answer.body.error.code).toBe('service_unavailable');
      }
      expect((await get('/v1/no-such-route')).status).toBe(404);
    } finally {
      await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
    }
    expect((await get('/v1/videos', fullAccessKey(first))).status).toBe(200);
  });

  it('keeps no key in plain text, only a SHA-256 of its secret part', async () => {
    const db = openDatabase(service.dataDir);
    try {
      const stored = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
      for (const org of service.manifest!.orgs) {
        for (const { key } of org.keys) {
          const secret = key.split('_')[2]!;
          expect(stored).not.toContain(secret);
        }
      }
    } finally {
      db.close();
    }
  });
});
