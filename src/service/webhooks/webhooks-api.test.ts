import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/http';
import { activeOrgs } from '../testing/service-test-kit';
import { startTestService, type TestService } from '../testing/test-service';

let service: TestService;
let key: string;
let otherKey: string;
let otherOrgId: string;
let myOrgId: string;

beforeAll(async () => {
  service = await startTestService();
  const [mine, other] = activeOrgs(service);
  key = mine!.key;
  otherKey = other!.key;
  otherOrgId = other!.org.id;
  myOrgId = mine!.org.id;
  await service.cli(['allowlist', 'set', '--org', mine!.org.id, 'hooks.example.test', '*.Bücher.example']);
});
afterAll(() => service?.stop());

const create = (body: unknown, as = key) =>
  callApi(service.baseUrl, '/v1/webhooks', { key: as, method: 'POST', body: JSON.stringify(body) });

describe('POST /v1/webhooks', () => {
  it('creates an endpoint (201) whose whsec_ secret is shown only at creation', async () => {
    const created = await create({ url: 'https://hooks.example.test/in', events: ['video.ready'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: 'https://hooks.example.test/in', events: ['video.ready'] });
    expect(created.body.data.id).toMatch(/^ep_/);
    const secret = created.body.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    const list = await callApi(service.baseUrl, '/v1/webhooks', { key });
    const listed = list.body.data.find((endpoint: { id: string }) => endpoint.id === created.body.data.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('secret');
  });

  it('subscribes to every type when events are omitted or empty, and accepts deal.scoring.*', async () => {
    expect((await create({ url: 'https://hooks.example.test/all' })).body.data.events).toEqual([]);
    expect((await create({ url: 'https://hooks.example.test/all', events: [] })).body.data.events).toEqual([]);
    expect((await create({ url: 'https://hooks.example.test/s', events: ['deal.scoring.completed'] })).status).toBe(
      201,
    );
  });

  it.each([
    ['an exact entry', 'https://hooks.example.test/in'],
    ['an exact entry in another case', 'https://HOOKS.Example.TEST/in'],
    ['a wildcard one level deep', 'https://eu.bücher.example/in'],
    ['a wildcard several levels deep', 'https://a.b.c.bücher.example/in'],
    ['a punycode host against a Unicode wildcard', 'https://eu.xn--bcher-kva.example/in'],
    ['a Unicode host in upper case', 'https://EU.BÜCHER.example/in'],
  ])('accepts %s: 201', async (_case, url) => {
    expect((await create({ url })).status).toBe(201);
  });

  it.each([
    ['http scheme', 'http://hooks.example.test/in'],
    ['user info', 'https://me@hooks.example.test/in'],
    ['IP literal', 'https://127.0.0.1/in'],
    ['host off the allowlist', 'https://evil.example/in'],
    ['the bare domain of a wildcard', 'https://bücher.example/in'],
    ['a subdomain of an exact entry', 'https://a.hooks.example.test/in'],
  ])('refuses a destination with %s: 422 invalid_webhook_url', async (_case, url) => {
    const answer = await create({ url });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('invalid_webhook_url');
  });

  it('names the operator command that allowlists a refused host, keeping the entries there are', async () => {
    const answer = await create({ url: 'https://new.example/in' });
    expect(answer.body.error.message).toContain(
      `the operator adds it with: npm run service -- allowlist set --data ${service.dataDir} --org ${myOrgId} hooks.example.test *.xn--bcher-kva.example new.example`,
    );
    const scheme = await create({ url: 'http://hooks.example.test/in' });
    expect(scheme.body.error.message).not.toContain('allowlist set');
  });

  it('refuses every URL while the organisation allowlist is empty', async () => {
    await service.cli(['allowlist', 'set', '--org', otherOrgId]);
    const answer = await create({ url: 'https://hooks.example.test/in' }, otherKey);
    expect(answer.body.error.code).toBe('invalid_webhook_url');
  });

  it.each([
    ['a missing url', {}, /^url/],
    ['a url that is not a string', { url: 42 }, /^url/],
    ['an unparsable url', { url: 'not a url' }, /^url/],
    ['an unknown event type', { url: 'https://hooks.example.test/in', events: ['video.exploded'] }, /^events/],
  ])('answers 422 validation_failed for %s', async (_case, body, message) => {
    const answer = await create(body);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.message).toMatch(message);
  });
});

describe('DELETE /v1/webhooks/{id}', () => {
  it('deletes (200 {id, deleted: true}), then the endpoint is gone and a second delete is 404', async () => {
    const { id } = (await create({ url: 'https://hooks.example.test/gone' })).body.data;
    const deleted = await callApi(service.baseUrl, `/v1/webhooks/${id}`, { key, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    const list = await callApi(service.baseUrl, '/v1/webhooks', { key });
    expect(list.body.data.map((endpoint: { id: string }) => endpoint.id)).not.toContain(id);
    expect((await callApi(service.baseUrl, `/v1/webhooks/${id}`, { key, method: 'DELETE' })).status).toBe(404);
  });

  it("answers 404 for another organisation's endpoint and leaves it in place", async () => {
    const { id } = (await create({ url: 'https://hooks.example.test/mine' })).body.data;
    const foreign = await callApi(service.baseUrl, `/v1/webhooks/${id}`, { key: otherKey, method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    const list = await callApi(service.baseUrl, '/v1/webhooks', { key });
    expect(list.body.data.map((endpoint: { id: string }) => endpoint.id)).toContain(id);
  });
});
