import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedDeal, ServedVideo } from '../../shared/api/served';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    profile: 'test',
    serveArgs: ['--living-demo-every-ms', '400', '--job-delay-ms', '50'],
  });
});
afterAll(() => service.stop());

describe('a living demo (serve --living-demo-every-ms)', () => {
  it('moves the demo organisation’s deals, brings in calls and scores deals again, by itself', async () => {
    const org = service.manifest!.orgs.find((candidate) => candidate.active)!;
    const key = fullAccessKey(org);
    const get = async <T>(path: string) => (await callApi(service.baseUrl, path, { key })).body.data as T;
    const deals = await get<ServedDeal[]>('/v1/deals?limit=100');
    const calls = await get<ServedVideo[]>('/v1/videos?limit=100');
    const scorings = async () =>
      (await Promise.all(deals.map((deal) => get<unknown[]>(`/v1/deals/${deal.id}/scorings?limit=100`)))).flat().length;
    const scoredBefore = await scorings();

    await expect
      .poll(async () => (await get<ServedVideo[]>('/v1/videos?limit=100')).length, { timeout: 10_000 })
      .toBeGreaterThan(calls.length);
    const later = await get<ServedDeal[]>('/v1/deals?limit=100');
    const moved = later.filter((deal) => {
      const before = deals.find((candidate) => candidate.id === deal.id)!;
      return deal.updated_at !== before.updated_at;
    });
    expect(moved.length).toBeGreaterThan(0);
    for (const deal of moved) {
      const before = deals.find((candidate) => candidate.id === deal.id)!;
      expect(['OPEN', 'ON_HOLD']).toContain(before.status);
      expect([deal.forecast_amount, deal.close_date, deal.status]).not.toEqual([
        before.forecast_amount,
        before.close_date,
        before.status,
      ]);
    }
    await expect.poll(scorings, { timeout: 10_000 }).toBeGreaterThan(scoredBefore);
  });
});
