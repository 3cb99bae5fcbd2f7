import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { allScopes, RequestId } from '../../../../shared/api';
import { demoKeyOf } from '../../../../shared/manifest';
import { apiFailure } from '../../testing/api-failure';
import { type ApiClientOptions, type ClientWait, createApiClient } from './api-client';
import type { ApiError } from './api-error';

let service: TestService;
let fullKey: string;
let partialKey: string;
let rateLimitedKey: string;
let orgId: string;
let memberId: string;
let foreignKey: string;

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  const { org: home, key: full } = demoKeyOf(service.manifest!);
  const other = service.manifest!.orgs.find((org) => org.id !== home.id)!;
  orgId = home.id;
  fullKey = full.key;
  memberId = full.member_id;
  partialKey = home.keys.find((k) => k.scopes.length < allScopes.length)!.key;
  rateLimitedKey = home.keys.find((k) => k.rate_limited)!.key;
  foreignKey = other.keys[0]!.key;
});
afterAll(() => service?.stop());

const fast = { baseDelayMs: 50, maxDelayMs: 400, deadlineMs: 10_000 };

function client(key: string | null, extra: Partial<ApiClientOptions> = {}) {
  const waits: ClientWait[] = [];
  const api = createApiClient({
    baseUrl: service.baseUrl,
    getKey: async () => key,
    retry: fast,
    onWait: (wait) => waits.push(wait),
    ...extra,
  });
  return { api, waits };
}

describe('API client against the real local service', () => {
  it('returns validated data from a typed method', async () => {
    const me = await client(fullKey).api.getMe({});
    expect(me.data.id).toBe(memberId);
    expect(RequestId.safeParse(me.meta.request_id).success).toBe(true);
  });

  it('walks every page of a paginated collection exactly once', async () => {
    const { api } = client(fullKey);
    const all = await api.listDeals({ limit: 100 });
    const seen: string[] = [];
    let pageCount = 0;
    for await (const page of api.pages('listDeals', { limit: 7 })) {
      pageCount++;
      seen.push(...page.data.map((deal) => deal.id));
    }
    expect(pageCount).toBe(Math.ceil(all.data.length / 7));
    expect(seen).toEqual(all.data.map((deal) => deal.id));
  });

  it('refuses bad params before sending anything', async () => {
    const error = await apiFailure(client(fullKey).api.listDeals({ limit: 500 }));
    expect(error).toMatchObject({ code: 'invalid_params', status: null });
    expect(error.message).toMatch(/^limit:/);
  });

  it("answers another organisation's id with not_found and keeps the request id", async () => {
    const foreignDeal = (await client(foreignKey).api.listDeals({ limit: 1 })).data[0]!;
    const error = await apiFailure(client(fullKey).api.getDeal({ id: foreignDeal.id }));
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.requestId).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('reports a missing scope as forbidden without retrying', async () => {
    const { api, waits } = client(partialKey);
    expect(await apiFailure(api.listMembers({}))).toMatchObject({ code: 'forbidden', status: 403 });
    expect(waits).toEqual([]);
  });

  it('reports a key without service metadata as invalid_key_metadata', async () => {
    const unregistered = (await service.cli(['keys', 'mint-unregistered'])).trim();
    expect(await apiFailure(client(unregistered).api.getMe({}))).toMatchObject({
      code: 'invalid_key_metadata',
      status: 401,
    });
  });

  it('revokes its own key, after which the key is unauthorized and never retried', async () => {
    const key = (await service.cli(['keys', 'issue', '--org', orgId, '--member', memberId])).trim();
    const { api, waits } = client(key);
    expect((await api.revokeKey({})).data).toEqual({ revoked: true });
    expect(await apiFailure(api.getMe({}))).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(waits).toEqual([]);
  });

  it('says a key is required when the vault has none', async () => {
    expect(await apiFailure(client(null).api.getMe({}))).toMatchObject({ code: 'key_required' });
  });

  it('waits out Retry-After on 429 and then succeeds', async () => {
    const { api, waits } = client(rateLimitedKey);
    const started = Date.now();
    // The key allows 5 requests a second: the burst's tail is refused with Retry-After.
    const results = await Promise.all(Array.from({ length: 8 }, () => api.getMe({})));
    expect(results.every((result) => result.data.id === memberId)).toBe(true);
    const rateWaits = waits.filter((wait) => wait.code === 'rate_limited');
    expect(rateWaits.length).toBeGreaterThan(0);
    expect(Math.min(...rateWaits.map((wait) => wait.retryInMs))).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up on 429 with retryAfter when attempts run out', async () => {
    const { api } = client(rateLimitedKey, { retry: { ...fast, maxAttempts: 1 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => api.getMe({})));
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused).toBeDefined();
    const error = (refused as PromiseRejectedResult).reason as ApiError;
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
    expect(error.requestId).toMatch(/^req_/);
  });

  describe('while key verification is down', () => {
    it('fails with service_unavailable once attempts run out', async () => {
      await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
      try {
        const { api, waits } = client(fullKey, { retry: { ...fast, maxAttempts: 3 } });
        const error = await apiFailure(api.getMe({}));
        expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
        expect(error.requestId).toMatch(/^req_/);
        expect(waits.map((wait) => wait.code)).toEqual(['service_unavailable', 'service_unavailable']);
      } finally {
        await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
      }
    });

    it('recovers by retrying with backoff once verification is back', async () => {
      await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
      const { api, waits } = client(fullKey, { retry: { baseDelayMs: 300, maxDelayMs: 1000, maxAttempts: 20 } });
      const pending = api.getMe({});
      await new Promise((resolve) => setTimeout(resolve, 500));
      await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
      expect((await pending).data.id).toBe(memberId);
      expect(waits.length).toBeGreaterThan(0);
    });

    it('cancels a request while it waits to retry', async () => {
      await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
      try {
        const controller = new AbortController();
        const { api } = client(fullKey, { retry: { baseDelayMs: 5_000, maxDelayMs: 5_000, maxAttempts: 5 } });
        const pending = apiFailure(api.getMe({}, { signal: controller.signal }));
        setTimeout(() => controller.abort(), 300);
        const started = Date.now();
        expect(await pending).toMatchObject({ code: 'cancelled' });
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
      }
    });
  });

  it('cancels before sending when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await apiFailure(client(fullKey).api.getMe({}, { signal: controller.signal }))).toMatchObject({
      code: 'cancelled',
    });
  });

  it('turns an unreachable service into network_error after bounded retries', async () => {
    const { api, waits } = client(fullKey, {
      baseUrl: 'http://127.0.0.1:9',
      retry: { ...fast, maxAttempts: 3 },
    });
    expect(await apiFailure(api.getMe({}))).toMatchObject({ code: 'network_error', status: null });
    expect(waits.map((wait) => wait.code)).toEqual(['network_error', 'network_error']);
  });
});
