import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/http';
import { activeOrgs } from '../testing/service-test-kit';
import { startTestService, type TestService } from '../testing/test-service';

let service: TestService;
let key: string;
let otherKey: string;

beforeAll(async () => {
  service = await startTestService();
  const [mine, other] = activeOrgs(service);
  key = mine!.key;
  otherKey = other!.key;
});
afterAll(() => service?.stop());

const plants = (path: string, call: Parameters<typeof callApi>[2] = {}) =>
  callApi(service.altBaseUrl, path, { key, ...call });
const create = (name: string, tag?: string, as = key) =>
  plants('/plants', { key: as, method: 'POST', body: JSON.stringify({ name, tag }) });

describe('auxiliary listing /plants', () => {
  it('creates plants (201) and lists every accessible one when limit is omitted', async () => {
    const fern = await create('Fern', 'green');
    expect(fern.status).toBe(201);
    expect(fern.body).toEqual({ id: expect.any(Number), name: 'Fern', tag: 'green' });
    const cactus = await create('Cactus');
    expect(cactus.body.tag).toBe('');
    await create('Orchid', 'purple', otherKey);

    const all = await plants('/plants');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([fern.body, cactus.body]);
    expect(all.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('honours an integer limit and answers 400 when limit is not an integer', async () => {
    expect((await plants('/plants?limit=1')).body).toHaveLength(1);
    expect((await plants('/plants?limit=0')).body).toEqual([]);
    for (const limit of ['abc', '1.5', '-1', '']) {
      const answer = await plants(`/plants?limit=${limit}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
      expect(answer.body.error.message).toMatch(/^limit/);
    }
  });

  it('answers 401 when the bearer key is missing or invalid', async () => {
    expect((await callApi(service.altBaseUrl, '/plants')).status).toBe(401);
    const invalid = await callApi(service.altBaseUrl, '/plants', { key: 'sci_not-a-key' });
    expect(invalid.status).toBe(401);
    expect(invalid.body.error.code).toBe('unauthorized');
    expect((await callApi(service.altBaseUrl, '/plants', { method: 'POST', body: '{"name":"x"}' })).status).toBe(401);
  });

  it('answers 400 for an invalid plant body', async () => {
    const answer = await plants('/plants', { method: 'POST', body: JSON.stringify({ tag: 'x' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^body\.name/);
  });

  it('deletes a plant of the organisation; another organisation gets 404', async () => {
    const { id } = (await create('Basil')).body;
    expect((await plants(`/plants/${id}`, { key: otherKey, method: 'DELETE' })).status).toBe(404);
    const deleted = await plants(`/plants/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await plants(`/plants/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await plants('/plants/abc', { method: 'DELETE' })).status).toBe(400);
  });

  it('replays a POST repeated with the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'plant-1' };
    const body = JSON.stringify({ name: 'Mint' });
    const first = await plants('/plants', { method: 'POST', headers, body });
    const again = await plants('/plants', { method: 'POST', headers, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('needs the plants:write scope to create or delete, not to list', async () => {
    const org = service.manifest!.orgs.find((candidate) => candidate.active)!;
    const readOnly = org.keys.find((candidate) => !candidate.scopes.includes('plants:write'))!.key;
    const denied = await create('Ivy', undefined, readOnly);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ code: 'forbidden', message: 'the API key lacks the plants:write scope' });
    const { id } = (await create('Ivy')).body;
    expect((await plants(`/plants/${id}`, { key: readOnly, method: 'DELETE' })).status).toBe(403);
    expect((await plants('/plants', { key: readOnly })).status).toBe(200);
  });

  it("spends the key's rate limit, the same bucket as the main API", async () => {
    const org = service.manifest!.orgs.find((candidate) => candidate.active)!;
    const limited = (
      await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id, '--rate-limit', '2/60'])
    ).trim();
    expect((await callApi(service.baseUrl, '/v1/members/me', { key: limited })).status).toBe(200);
    expect((await plants('/plants', { key: limited })).status).toBe(200);
    const refused = await plants('/plants', { key: limited, method: 'POST', body: JSON.stringify({ name: 'Moss' }) });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
