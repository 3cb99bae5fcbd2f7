import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/api/errors';
import type { ManifestOrg } from '../../shared/manifest';
import { type ApiAnswer, callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

function expectError(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(ErrorEnvelope.parse(answer.body).error.code).toBe(code);
  expect(answer.headers.get('x-request-id')).toBe(answer.body.meta.request_id);
}

/** Sends raw bytes, for requests fetch refuses to build; resolves the raw answer. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('conventions every response follows', () => {
  let service: TestService;
  let org: ManifestOrg;
  let key: string;
  const get = (path: string, headers: Record<string, string> = {}) => callApi(service.baseUrl, path, { key, headers });

  beforeAll(async () => {
    service = await startTestService();
    org = service.manifest!.orgs[0]!;
    key = fullAccessKey(org);
  });
  afterAll(() => service?.stop());

  it('puts the same req_ id in meta.request_id and X-Request-Id on success, fresh for each request', async () => {
    const first = await get('/v1/members/me');
    const second = await get('/v1/members/me');
    expect(first.status).toBe(200);
    expect(first.body.meta.request_id).toMatch(REQUEST_ID);
    expect(first.headers.get('x-request-id')).toBe(first.body.meta.request_id);
    expect(second.body.meta.request_id).not.toBe(first.body.meta.request_id);
  });

  it('answers an unknown route 404 not_found in the envelope, even without a key', async () => {
    expectError(await callApi(service.baseUrl, '/v1/nothing-here'), 404, 'not_found');
    expectError(await callApi(service.baseUrl, '/'), 404, 'not_found');
    expectError(await callApi(service.baseUrl, '/v1/videos/'), 404, 'not_found');
  });

  it('answers a wrong method 405 with Allow, before any key is checked', async () => {
    const answer = await callApi(service.baseUrl, '/v1/videos', { method: 'DELETE' });
    expectError(answer, 405, 'not_found');
    expect(answer.headers.get('allow')).toBe('GET');
    expect((await callApi(service.baseUrl, '/v1/keys/me', { method: 'GET' })).status).toBe(405);
  });

  it('answers HEAD like GET without a body, and OPTIONS as a wrong method', async () => {
    const head = await fetch(`${service.baseUrl}/v1/members/me`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-request-id')).toMatch(REQUEST_ID);
    expectError(await callApi(service.baseUrl, '/v1/videos', { method: 'OPTIONS' }), 405, 'not_found');
  });

  it('serves the OpenAPI document without a key, bare, with a request id header', async () => {
    const answer = await callApi(service.baseUrl, '/v1/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });

  describe('error precedence (design.md, More decisions)', () => {
    const longKey = 'k'.repeat(257);

    it('accepts an Idempotency-Key of 256 characters and refuses 257 with 400 bad_request', async () => {
      expect((await get('/v1/videos', { 'Idempotency-Key': 'k'.repeat(256) })).status).toBe(200);
      const answer = await get('/v1/videos', { 'Idempotency-Key': longKey });
      expectError(answer, 400, 'bad_request');
      expect(answer.body.error.message).toMatch(/^Idempotency-Key: /);
    });

    it('puts 401 before 400 headers, and 400 headers before a missing scope', async () => {
      const withoutKey = await callApi(service.baseUrl, '/v1/videos', { headers: { 'Idempotency-Key': longKey } });
      expectError(withoutKey, 401, 'unauthorized');
      const partial = org.keys.find((candidate) => candidate.scopes.length === 2)!.key;
      const answer = await callApi(service.baseUrl, '/v1/members', {
        key: partial,
        headers: { 'Idempotency-Key': longKey },
      });
      expectError(answer, 400, 'bad_request');
      expectError(await callApi(service.baseUrl, '/v1/members?limit=0', { key: partial }), 403, 'forbidden');
    });

    it('puts 429 before 422, and Retry-After is whole seconds of at least 1', async () => {
      const limited = (
        await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id, '--rate-limit', '3/60'])
      ).trim();
      const answers = [];
      for (let i = 0; i < 4; i += 1)
        answers.push(await callApi(service.baseUrl, '/v1/videos?limit=0', { key: limited }));
      expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([422, 422, 422]);
      expectError(answers[3]!, 429, 'rate_limited');
      expect(answers[3]!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    });

    it('leaves keys issued without --rate-limit unlimited', async () => {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => get('/v1/members/me')));
      expect(new Set(statuses.map((answer) => answer.status))).toEqual(new Set([200]));
    });

    it('puts 422 validation before 404 resource', async () => {
      expectError(await get('/v1/videos/vid_missing/analyses?limit=101'), 422, 'validation_failed');
      expectError(await get('/v1/videos/vid_missing/analyses'), 404, 'not_found');
    });
  });

  describe('bad inputs always get a documented 4xx envelope', () => {
    it.each([
      ['/v1/videos?limit=0', 'limit: '],
      ['/v1/videos?limit=101', 'limit: '],
      ['/v1/videos?limit=abc', 'limit: '],
      ['/v1/videos?limit=1e2', 'limit: '],
      ['/v1/videos?limit=2.5', 'limit: '],
      ['/v1/videos?limit=', 'limit: '],
      ['/v1/videos?limit=99999999999999999999999', 'limit: '],
      ['/v1/videos?status=ready', 'status: '],
      ['/v1/videos?status=UPLOADED', 'status: '],
      ['/v1/videos?created_after=yesterday', 'created_after: '],
      ['/v1/videos?created_before=2026-02-30T00:00:00Z', 'created_before: '],
      ['/v1/videos?created_after=2026-01-01', 'created_after: '],
      ['/v1/deals?status=PENDING', 'status: '],
      ['/v1/deals?status=%ZZ', 'status: '],
      ['/v1/deals/x/activities?limit=-1', 'limit: '],
      ['/v1/search/transcripts', 'q: '],
      ['/v1/search/transcripts?q=', 'q: '],
      ['/v1/search/transcripts?q=a&limit=0', 'limit: '],
      [`/v1/search/transcripts?q=${'a'.repeat(501)}`, 'q: '],
    ])('%s answers 422 validation_failed starting "%s"', async (path, prefix) => {
      const answer = await get(path);
      expectError(answer, 422, 'validation_failed');
      expect(answer.body.error.message.startsWith(prefix)).toBe(true);
    });

    it.each([
      '/v1/videos/%F0%9F%98%80',
      '/v1/videos/%00',
      '/v1/videos/%ZZ',
      "/v1/videos/'%20OR%201=1--",
      '/v1/deals/%E2%80%AE',
      '/v1/videos/..%2F..%2Fdeals',
      '/v1/deals/d%C3%A9al/scorings/%F0%9F%98%80',
    ])('%s answers 404 not_found', async (path) => {
      expectError(await get(path), 404, 'not_found');
    });

    describe('an id of 2,000 characters names nothing, as an unknown id does', () => {
      const long = 'x'.repeat(2000);
      const at = (template: string, id: string) => template.replace('{id}', id).replace('{inner}', 'an_unknown_id');

      it.each([
        ['GET', '/v1/videos/{id}'],
        ['GET', '/v1/videos/{id}/checklist'],
        ['GET', '/v1/videos/{id}/summary'],
        ['GET', '/v1/videos/{id}/transcript'],
        ['GET', '/v1/videos/{id}/events'],
        ['GET', '/v1/videos/{id}/analyses'],
        ['POST', '/v1/videos/{id}/analyses'],
        ['GET', '/v1/videos/{id}/analyses/{inner}'],
        ['GET', '/v1/deals/{id}'],
        ['GET', '/v1/deals/{id}/activities'],
        ['GET', '/v1/deals/{id}/scorings'],
        ['POST', '/v1/deals/{id}/scorings'],
        ['GET', '/v1/deals/{id}/scorings/{inner}'],
        ['DELETE', '/v1/webhooks/{id}'],
      ])('%s %s', async (method, template) => {
        expectError(await callApi(service.baseUrl, at(template, 'an_unknown_id'), { key, method }), 404, 'not_found');
        expectError(await callApi(service.baseUrl, at(template, long), { key, method }), 404, 'not_found');
      });

      it('in the inner id too, of a call and a deal that exist', async () => {
        const video = (await get('/v1/videos?limit=1')).body.data[0].id;
        const deal = (await get('/v1/deals?limit=1')).body.data[0].id;
        expectError(await get(`/v1/videos/${video}/analyses/${long}`), 404, 'not_found');
        expectError(await get(`/v1/deals/${deal}/scorings/${long}`), 404, 'not_found');
      });

      it('after a 422 of its query, as for any id', async () => {
        expectError(await get(`/v1/videos/${long}/analyses?limit=101`), 422, 'validation_failed');
      });
    });

    it('ignores unknown query parameters and odd Unicode in them', async () => {
      expect((await get('/v1/videos?limit=1&foo=%F0%9F%98%80&limit=5')).body.data).toHaveLength(1);
    });

    it.each([
      ['malformed JSON', '{"url": ', 400, 'bad_request'],
      ['a JSON array', '[1, 2]', 422, 'validation_failed'],
      ['a wrong type', '{"url": 42}', 422, 'validation_failed'],
      ['an oversized body', JSON.stringify({ url: `https://x.test/${'a'.repeat(70_000)}` }), 400, 'bad_request'],
    ])('answers %s on POST /v1/webhooks with %i %s', async (_, body, status, code) => {
      expectError(await callApi(service.baseUrl, '/v1/webhooks', { key, method: 'POST', body }), status, code);
    });

    it('answers an Authorization header of raw non-ASCII bytes with 401', async () => {
      const answer = await rawRequest(
        service.baseUrl,
        'GET /v1/videos HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer sci_\u00e9\u00ff\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      expect(answer).toContain('"code":"unauthorized"');
    });

    it('answers a malformed request line or header with a 400 envelope', async () => {
      const answer = await rawRequest(service.baseUrl, 'GET /v1/videos HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toMatch(/X-Request-Id: req_[0-9a-f]{32}/);
      expect(answer).toContain('"code":"bad_request"');
    });

    it('answers oversized headers with a 400 envelope', async () => {
      const answer = await rawRequest(
        service.baseUrl,
        `GET /v1/videos HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      expect(answer).toContain('"code":"bad_request"');
    });
  });
});
