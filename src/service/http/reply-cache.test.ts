import { type OutgoingHttpHeaders, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestOrg } from '../../shared/manifest';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

/**
 * Repeated GETs are answered from caches kept while the database's change stamp holds
 * (context.ts). Each test first asks, so an answer is cached, then changes the data the way a
 * client or operator would, and asks again: the second answer must be the new one.
 */
describe('answers kept between writes', () => {
  let service: TestService;
  let first: ManifestOrg;
  let second: ManifestOrg;
  const get = (path: string, key: string) => callApi(service.baseUrl, path, { key });

  /** A request whose headers go out exactly as given, repeated ones too. */
  const send = (path: string, headers: OutgoingHttpHeaders, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const outgoing = request(`${service.baseUrl}${path}`, { method, headers }, (answer) => {
        let text = '';
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, text }));
      });
      outgoing.once('error', reject);
      outgoing.end();
    });

  beforeAll(async () => {
    service = await startTestService();
    [first, second] = service.manifest!.orgs.filter((org) => org.active) as [ManifestOrg, ManifestOrg];
  });
  afterAll(() => service.stop());

  it('lists a call the CLI ingested (another connection) on the very next request', async () => {
    const key = fullAccessKey(first);
    const before = await get('/v1/videos?limit=100', key);
    expect((await get('/v1/videos?limit=100', key)).body).toMatchObject({ data: before.body.data });
    const videoId = (await service.cli(['ingest', '--org', first.id, '--title', 'Cache check call'])).trim();
    const after = await get('/v1/videos?limit=100', key);
    expect(after.body.data.map((video: { id: string }) => video.id)).toContain(videoId);
  });

  it('lists a scoring started through the API (this connection) on the next request', async () => {
    const key = fullAccessKey(first);
    const dealId = (await get('/v1/deals?limit=1', key)).body.data[0].id;
    const before = await get(`/v1/deals/${dealId}/scorings?limit=100`, key);
    const started = await callApi(service.baseUrl, `/v1/deals/${dealId}/scorings`, { key, method: 'POST' });
    expect(started.status).toBe(202);
    const after = await get(`/v1/deals/${dealId}/scorings?limit=100`, key);
    expect(after.body.data).toHaveLength(before.body.data.length + 1);
    expect(after.body.data[0].id).toBe(started.body.data.id);
  });

  it('gives every repeated answer its own request id, in the body and the header', async () => {
    const key = fullAccessKey(first);
    const answers = [await get('/v1/deals', key), await get('/v1/deals', key)];
    const ids = answers.map((answer) => answer.body.meta.request_id);
    expect(new Set(ids).size).toBe(2);
    for (const answer of answers) expect(answer.headers.get('x-request-id')).toBe(answer.body.meta.request_id);
    expect(answers[1]!.body.data).toEqual(answers[0]!.body.data);
    expect(answers[1]!.body.meta.has_more).toBe(answers[0]!.body.meta.has_more);
  });

  it("answers each caller from its own organisation's data for the same address", async () => {
    const [ours, theirs] = [
      await get('/v1/members/me', fullAccessKey(first)),
      await get('/v1/members/me', fullAccessKey(second)),
    ];
    expect(first.members.map((member) => member.id)).toContain(ours.body.data.id);
    expect(second.members.map((member) => member.id)).toContain(theirs.body.data.id);
  });

  it('refuses a key the organisation was deactivated under, after answering it', async () => {
    const key = fullAccessKey(second);
    expect((await get('/v1/members/me', key)).status).toBe(200);
    await service.cli(['org', 'set-active', '--org', second.id, '--active', 'false']);
    try {
      expect((await get('/v1/members/me', key)).status).toBe(403);
    } finally {
      await service.cli(['org', 'set-active', '--org', second.id, '--active', 'true']);
    }
    expect((await get('/v1/members/me', key)).status).toBe(200);
  });

  it('answers 503 at the first request after the operator turns key-verifier-down on', async () => {
    const key = fullAccessKey(first);
    expect((await get('/v1/videos', key)).status).toBe(200);
    await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
    try {
      expect((await get('/v1/videos', key)).status).toBe(503);
    } finally {
      await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
    }
    expect((await get('/v1/videos', key)).status).toBe(200);
  });

  it('tells a missing Authorization header from an empty one, one after the other', async () => {
    const missing = await callApi(service.baseUrl, '/v1/videos');
    const empty = await callApi(service.baseUrl, '/v1/videos', { headers: { Authorization: '' } });
    expect(missing.body.error.message).toBe('the Authorization header is missing');
    expect(empty.body.error.message).toBe('the Authorization header must read "Bearer <API key>"');
  });

  it('refuses a key revoked by its own request, which an earlier answer had let in', async () => {
    const member = first.members[0]!.id;
    const key = (
      await service.cli(['keys', 'issue', '--org', first.id, '--member', member, '--scopes', 'videos:read'])
    ).trim();
    expect((await get('/v1/videos', key)).status).toBe(200);
    expect((await callApi(service.baseUrl, '/v1/keys/me', { key, method: 'DELETE' })).status).toBe(200);
    expect((await get('/v1/videos', key)).status).toBe(401);
  });

  describe('a kept answer still passes every step of the error precedence', () => {
    const kept = async (path: string, key: string) => {
      expect((await get(path, key)).status).toBe(200);
      expect((await get(path, key)).status).toBe(200);
    };

    it('counts each answer against a rate-limited key, kept or not', async () => {
      const member = first.members[0]!.id;
      const key = (
        await service.cli(['keys', 'issue', '--org', first.id, '--member', member, '--rate-limit', '3/60'])
      ).trim();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await get('/v1/videos?limit=1', key)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('refuses a malformed Idempotency-Key on an address whose answer is kept', async () => {
      const key = fullAccessKey(first);
      await kept('/v1/deals?limit=2', key);
      const answer = await send('/v1/deals?limit=2', { authorization: `Bearer ${key}`, 'idempotency-key': '' });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).error.message).toBe('Idempotency-Key: must not be empty');
    });

    it('refuses two Authorization headers, though each alone has its answer kept', async () => {
      const key = fullAccessKey(first);
      await kept('/v1/deals?limit=4', key);
      const answer = await send('/v1/deals?limit=4', { Authorization: [`Bearer ${key}`, `Bearer ${key}`] });
      expect(answer.status).toBe(401);
    });

    it('refuses a key without the scope at an address where another key has its answer kept', async () => {
      await kept('/v1/members/me', fullAccessKey(first));
      const partial = first.keys.find((key) => !key.scopes.includes('members:read'))!.key;
      expect((await get('/v1/members/me', partial)).status).toBe(403);
    });

    it('answers HEAD of a kept address with its headers and no body', async () => {
      const key = fullAccessKey(first);
      await kept('/v1/deals?limit=5', key);
      const answer = await send('/v1/deals?limit=5', { authorization: `Bearer ${key}` }, 'HEAD');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
      expect(answer.text).toBe('');
    });
  });
});
