import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoKeyOf } from '../../shared/manifest';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { startTestService, type TestService } from './test-service';

let service: TestService;
let proxy: FaultProxy;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
});

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${proxy.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${demoKeyOf(service.manifest!).key.key}` },
  });

describe('fault proxy', () => {
  it('passes what no rule matches to the service as it is', async () => {
    const answer = await get('/v1/deals?limit=2');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(2);
  });

  it('answers a status with its Retry-After for as many requests as asked, then lets them pass', async () => {
    const fault = proxy.inject({
      when: 'listDeals',
      fault: { kind: 'status', status: 429, retryAfter: '3000000' },
      times: 2,
    });
    const first = await get('/v1/deals');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3000000');
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await get('/v1/deals')).status).toBe(429);
    expect((await get('/v1/deals')).status).toBe(200);
    expect(fault.injected()).toBe(2);
  });

  it('stalls a body after its first bytes, and drops a connection', async () => {
    const stall = proxy.inject({ when: 'listMembers', fault: { kind: 'stall-body' }, times: 1 });
    const answer = await get('/v1/members', { signal: AbortSignal.timeout(500) });
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
    expect(stall.injected()).toBe(1);

    proxy.inject({ when: 'listMembers', fault: { kind: 'drop' }, times: 1 });
    await expect(get('/v1/members')).rejects.toThrow();
  });

  it('sends a huge body, a redirect and a page whose cursor never ends', async () => {
    proxy.inject({ when: 'listMembers', fault: { kind: 'huge-body', bytes: 3_000_000 }, times: 1 });
    expect((await (await get('/v1/members')).arrayBuffer()).byteLength).toBe(3_000_000);

    proxy.inject({ when: 'listMembers', fault: { kind: 'redirect', location: 'http://elsewhere.test/' }, times: 1 });
    const redirected = await get('/v1/members', { redirect: 'manual' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('http://elsewhere.test/');

    proxy.inject({ when: 'listDeals', fault: { kind: 'endless-pages', cursor: 'same' } });
    const page = (await (await get('/v1/deals?cursor=abc')).json()) as { meta: { next_cursor: string } };
    expect(page.meta).toMatchObject({ has_more: true, next_cursor: 'abc' });
    proxy.clear();
  });

  it('counts every request with the fault it got', async () => {
    const before = proxy.received().length;
    proxy.inject({ when: (exchange) => exchange.url.pathname === '/v1/members/me', fault: { kind: 'not-json' } });
    expect(await (await get('/v1/members/me')).text()).not.toMatch(/^\{/);
    proxy.clear();
    const last = proxy.received().slice(before);
    expect(last).toEqual([expect.objectContaining({ endpoint: 'getMe', fault: 'not-json' })]);
  });
});
