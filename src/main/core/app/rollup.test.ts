import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { startVariantProxy } from '../../../service/testing/variant-proxy';
import type { Deal } from '../../../shared/api';
import { demoKeyOf } from '../../../shared/manifest';
import { closeMonthOf, monthsFrom, type RollupQuery } from '../../../shared/rollup';
import { openReplicaDb } from '../engine/replica/replica-db';
import { replicaKeyAccount } from '../engine/replica/replica-key';
import { type ApiClient, createApiClient } from '../service-client/api-client/api-client';
import { keychainApp, underKeyring } from '../testing/keychain-restart';
import { createTempCore, ok } from '../testing/temp-core';
import type { AppCore } from './app-core';

let service: TestService;
let proxy: FaultProxy;
let client: ApiClient;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
  const apiKey = demoKeyOf(service.manifest!).key.key;
  client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => apiKey });
});
afterAll(async () => {
  for (const dispose of disposals.reverse()) await dispose();
  await proxy?.close();
  await service?.stop();
});

/** The app's core on the demo workspace, through the proxy that keeps every request it sends (or another), syncing. */
async function syncedCore(baseUrl = proxy.url): Promise<AppCore> {
  const { core, dispose } = createTempCore({
    demo: { baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
    replica: { sync: { retry: { firstMs: 200, maxMs: 1000 } } },
  });
  disposals.push(dispose);
  await ok(core, 'openDemoWorkspace', {});
  // The whole budget the app allows: the test's rounds take seconds, not the default's tens.
  await ok(core, 'setSyncBudget', { requestsPerSecond: 50 });
  await upToDate(core);
  return core;
}

async function upToDate(core: AppCore): Promise<void> {
  for (let waited = 0; waited < 120; waited += 1) {
    if ((await ok(core, 'getSyncStatus', {})).state === 'up-to-date') return;
    await sleep(500);
  }
  throw new Error('the sync did not get up to date');
}

/** Another round of the sync, to its end. */
async function syncAgain(core: AppCore): Promise<void> {
  await ok(core, 'pauseSync', {});
  expect((await ok(core, 'resumeSync', {})).state).toBe('syncing');
  await upToDate(core);
}

async function servedDeals(status: 'OPEN' | 'ON_HOLD'): Promise<Deal[]> {
  const deals: Deal[] = [];
  for await (const page of client.pages('listDeals', { status, limit: 100 })) deals.push(...page.data);
  return deals;
}

/** Every month the seeded open deals close in (the test profile's open deals close within five months of its day). */
const seededRange = (since: string): RollupQuery => ({
  from: '2026-11',
  to: '2027-05',
  since,
  statuses: ['OPEN', 'ON_HOLD'],
});

describe('the roll-up and the manager’s overlays, through the app', () => {
  it('counts exactly the deals the service lists of the range’s statuses, each with its detail’s win probability', async () => {
    const core = await syncedCore();
    const query = seededRange(new Date().toISOString());
    const months = new Set(monthsFrom(query.from, query.to));
    const served = [...(await servedDeals('OPEN')), ...(await servedDeals('ON_HOLD'))];
    const inRange = served.filter((deal) => months.has(closeMonthOf(deal.close_date) ?? ''));
    expect(inRange.length).toBeGreaterThan(2);

    const before = proxy.received().length;
    const rollup = await ok(core, 'getRollup', query);
    // The copy answered: not one request reached the service.
    expect(proxy.received().slice(before)).toEqual([]);
    const expected = await Promise.all(
      inRange.map(async (deal) => ({
        id: deal.id,
        ownerId: deal.owner_id ?? null,
        amount: deal.forecast_amount ?? null,
        probability: (await client.getDeal({ id: deal.id })).data.probability ?? null,
      })),
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(
      rollup.deals.map(({ id, ownerId, amount, probability }) => ({ id, ownerId, amount, probability })).sort(byId),
    ).toEqual(expected.sort(byId));
    expect(rollup.withoutCloseDate).toBe(served.filter((deal) => !deal.close_date).length);
    expect(rollup.partial).toBeNull();
  });

  it('keeps the manager’s overlays in the copy only: no request of a whole sync round carries them', async () => {
    const core = await syncedCore();
    const [first, second, third] = (await ok(core, 'getRollup', seededRange(new Date().toISOString()))).deals;
    const from = proxy.received().length;
    await ok(core, 'setDealOverlay', { dealId: first!.id, call: 'commit', amount: 987_654.5 });
    await ok(core, 'setDealOverlay', { dealId: second!.id, call: 'best-case', amount: null });
    await ok(core, 'setDealOverlay', { dealId: third!.id, call: 'omit', amount: null });
    // A change on the service, so the round reads that deal whole (detail, scorings, activities).
    const org = demoKeyOf(service.manifest!).org.id;
    await service.cli(['deal', 'set', '--org', org, '--deal', first!.id, '--amount', '31000']);
    await syncAgain(core);
    await ok(core, 'getDeal', { id: first!.id });

    const sent = proxy.received().slice(from);
    expect(sent.map((request) => request.endpoint)).toEqual(expect.arrayContaining(['listDeals', 'getDeal']));
    for (const request of sent) {
      const text = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body}`;
      expect(text).not.toMatch(/987654|commit|best-case|omit/i);
    }
    const overlays = Object.fromEntries(
      (await ok(core, 'getRollup', seededRange(new Date().toISOString()))).deals.map((deal) => [deal.id, deal.overlay]),
    );
    expect([overlays[first!.id], overlays[second!.id], overlays[third!.id]]).toEqual([
      { call: 'commit', amount: 987_654.5 },
      { call: 'best-case', amount: null },
      { call: 'omit', amount: null },
    ]);
  });

  it('goes with the local data: removed with it, and unavailable while the copy is off', async () => {
    const core = await syncedCore();
    const query = seededRange(new Date().toISOString());
    const [deal] = (await ok(core, 'getRollup', query)).deals;
    expect(await ok(core, 'setDealOverlay', { dealId: deal!.id, call: 'commit', amount: null })).toEqual({
      dealId: deal!.id,
      before: null,
      after: { call: 'commit', amount: null },
    });
    const { activeId } = await ok(core, 'listWorkspaces', {});
    await ok(core, 'removeLocalData', { workspaceId: activeId! });
    await upToDate(core);
    const again = await ok(core, 'getRollup', query);
    expect(again.deals.map((held) => held.id)).toContain(deal!.id);
    expect(again.deals.every((held) => held.overlay === null)).toBe(true);

    await ok(core, 'setLocalCopy', { workspaceId: activeId!, on: false });
    for (const settled of [
      await core.invoke('getRollup', query),
      await core.invoke('setDealOverlay', { dealId: deal!.id, call: 'omit', amount: null }),
    ]) {
      expect(settled).toMatchObject({
        ok: false,
        error: { code: 'local_copy_unavailable', message: expect.stringMatching(/keeps no local copy/) },
      });
    }
  });

  it('takes the currency a service names on a deal (the interface names none), and the workspace’s for the others', async () => {
    const [named] = await servedDeals('OPEN');
    // Another service: one deal's records name their currency, in any case.
    const nameUsd = (body: unknown) => {
      const data = (body as { data?: unknown }).data;
      for (const deal of Array.isArray(data) ? data : [data]) if (deal?.id === named!.id) deal.currency = 'usd';
    };
    const other = await startVariantProxy(service.baseUrl, {
      name: 'deal-currency',
      response: (exchange, answer) => {
        if (exchange.endpoint === 'listDeals' || exchange.endpoint === 'getDeal') nameUsd(answer.body);
        return answer;
      },
    });
    disposals.push(() => other.close());
    const core = await syncedCore(other.url);
    const { activeId } = await ok(core, 'listWorkspaces', {});
    await ok(core, 'setWorkspaceCurrency', { workspaceId: activeId!, currency: 'EUR' });
    const { deals } = await ok(core, 'getRollup', seededRange(new Date().toISOString()));
    expect(deals.find((deal) => deal.id === named!.id)?.currency).toBe('USD');
    expect(new Set(deals.filter((deal) => deal.id !== named!.id).map((deal) => deal.currency))).toEqual(
      new Set(['EUR']),
    );
  });

  it('refuses an overlay or a range it cannot keep, saying which field', async () => {
    const { core, dispose } = createTempCore();
    disposals.push(dispose);
    const refused = [
      await core.invoke('setDealOverlay', { dealId: 'deal_1', call: 'maybe', amount: null }),
      await core.invoke('setDealOverlay', { dealId: 'deal_1', call: null, amount: -5 }),
      await core.invoke('setDealOverlay', { dealId: 'deal_1', call: null, amount: null }),
      await core.invoke('getRollup', {
        from: '2026-12',
        to: '2026-10',
        since: '2026-10-01T00:00:00Z',
        statuses: ['OPEN'],
      }),
      await core.invoke('getRollup', {
        from: '2026-01',
        to: '2028-06',
        since: '2026-01-01T00:00:00Z',
        statuses: ['OPEN'],
      }),
      await core.invoke('getRollup', {
        from: '2026-10',
        to: '2026-12',
        since: '2026-10-01T00:00:00Z',
        statuses: ['DELETED'],
      }),
    ];
    expect(refused.map((settled) => (settled.ok ? 'ok' : `${settled.error.code}: ${settled.error.message}`))).toEqual([
      expect.stringMatching(/^invalid_params: call/),
      expect.stringMatching(/^invalid_params: amount/),
      expect.stringMatching(/^invalid_params: .*give a call or an amount/),
      expect.stringMatching(/^invalid_params: to: must not be before from/),
      expect.stringMatching(/^invalid_params: to: must be at most 24 months/),
      expect.stringMatching(/^invalid_params: statuses/),
    ]);
  });
});

describe.skipIf(!underKeyring)('the manager’s overlays on disk (the copy’s key in a real Secret Service)', () => {
  it('are kept in the encrypted copy across a restart, unreadable without its key, and gone with "Remove local data"', async () => {
    const app = await keychainApp(service);
    disposals.push(app.dispose);
    const core = app.start();
    const workspace = await ok(core, 'addWorkspace', { baseUrl: service.baseUrl, apiKey: app.apiKey, name: 'Kept' });
    // A screen's read keeps the deals in the copy.
    const deal = (await ok(core, 'listDeals', { status: 'OPEN', limit: 100 })).data.find((held) => held.close_date)!;
    const month = closeMonthOf(deal.close_date)!;
    const query: RollupQuery = { from: month, to: month, since: new Date().toISOString(), statuses: ['OPEN'] };
    await ok(core, 'setDealOverlay', { dealId: deal.id, call: 'best-case', amount: 123_456.5 });

    await core.close();
    const file = join(app.replicaDir, `${encodeURIComponent(workspace.id)}.replica.sqlite`);
    await vi.waitFor(() => expect(existsSync(`${file}-wal`)).toBe(false), { timeout: 10_000 });
    expect(readFileSync(file).includes('best-case')).toBe(false);
    const unkeyed = new Database(file);
    expect(() => unkeyed.prepare('SELECT * FROM deal_overlays').all()).toThrow();
    unkeyed.close();
    const keyed = openReplicaDb({
      file,
      key: Buffer.from((await app.vault.get(replicaKeyAccount(workspace.id)))!, 'hex'),
    });
    expect(keyed.prepare('SELECT deal_id, call, amount FROM deal_overlays').all()).toEqual([
      { deal_id: deal.id, call: 'best-case', amount: 123_456.5 },
    ]);
    keyed.close();

    const again = app.start();
    const overlayOf = async () =>
      (await ok(again, 'getRollup', query)).deals.find((held) => held.id === deal.id)?.overlay ?? null;
    expect(await overlayOf()).toEqual({ call: 'best-case', amount: 123_456.5 });
    await ok(again, 'removeLocalData', { workspaceId: workspace.id });
    await ok(again, 'listDeals', { status: 'OPEN', limit: 100 });
    expect(await overlayOf()).toBeNull();
  });
});
