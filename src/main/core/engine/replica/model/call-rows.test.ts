import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asIs, sparse } from '../../../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../../../service/testing/test-service';
import type { Video } from '../../../../../shared/api';
import type { CallRowDeal, CallRows, CallRowsParams } from '../../../../../shared/bridge';
import { recentSince } from '../../../../../shared/copy-scope';
import type { AppCore } from '../../../app/app-core';
import type { ApiClient } from '../../../service-client/api-client/api-client';
import { ApiError } from '../../../service-client/api-client/api-error';
import { type CopyHarness, copyHarness, keepOnly, succeeded, upToDate } from '../../../testing/synced-copy';
import { dealIdsOf } from './call-rows';

let service: TestService;
const harnesses: CopyHarness[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await service?.stop();
});

async function harnessOf(variant: typeof asIs): Promise<CopyHarness> {
  const harness = await copyHarness(service, variant);
  harnesses.push(harness);
  return harness;
}

/** Every page of the calls list, as the Calls screen reads it. */
async function callPages(core: AppCore, filters: CallRowsParams, limit: number): Promise<CallRows[]> {
  const pages: CallRows[] = [];
  let cursor: string | undefined;
  do {
    const page = await succeeded(core, 'listCallRows', { ...filters, cursor, limit });
    pages.push(page);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

const callsOf = (read: readonly CallRows[]) => read.flatMap((page) => page.data);

/** Every call the service lists for these filters. */
async function everyCall(client: ApiClient, filters: CallRowsParams): Promise<Video[]> {
  const calls: Video[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listVideos({ ...filters, limit: 100, cursor });
    calls.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return calls;
}

/** What a row shows of its deal when it reads the deal itself (records/DealName.tsx). */
async function ownDeal(client: ApiClient, dealId: string): Promise<{ deleted: boolean; title?: string | null }> {
  try {
    const { data } = await client.getDeal({ id: dealId });
    return data.status === 'DELETED' ? { deleted: true } : { deleted: false, title: data.title };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return { deleted: true };
    throw error;
  }
}

const shown = (deal: CallRowDeal) => (deal.deleted ? { deleted: true } : deal);

/** Every deal the service lists, whatever its status but DELETED (as the sync walks them). */
async function listedDeals(client: ApiClient): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listDeals({ limit: 100, cursor });
    for (const deal of page.data) ids.add(deal.id);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return ids;
}

/**
 * Each deal the pages bring as its own read gives it; every deal the copy holds is among them (a
 * deal the service no longer lists is not, until a read of it kept the service's answer).
 */
async function expectDealsAsOwnReads(client: ApiClient, pages: readonly CallRows[], dealIds: readonly string[]) {
  const listed = await listedDeals(client);
  for (const dealId of dealIds) {
    const held = pages.find((page) => page.deals[dealId])?.deals[dealId];
    if (listed.has(dealId)) expect(held, dealId).toBeDefined();
    if (held) expect(shown(held), dealId).toEqual(await ownDeal(client, dealId));
  }
}

describe('the calls list in one read a page, on a copy the sync keeps', () => {
  let harness: CopyHarness;
  let core: AppCore;
  beforeAll(async () => {
    harness = await harnessOf(asIs);
    core = await harness.openCore({ sync: true });
    await upToDate(core);
  });

  it('answers every page as the service lists it, each row’s deal as its own read gives it, with no request', async () => {
    const all = await everyCall(harness.client, {});
    const middle = all[Math.floor(all.length / 2)]!.created_at!;
    const lists: CallRowsParams[] = [{}, { status: 'READY' }, { created_after: middle }, { created_before: middle }];
    const before = harness.proxy.received().length;
    const read = [];
    for (const filters of lists) read.push(await callPages(core, filters, 5));
    // The copy answered every page: not one request reached the service.
    expect(harness.askedSince(before)).toEqual([]);

    const deals = new Set<string>();
    for (const [index, filters] of lists.entries()) {
      const pages = read[index]!;
      expect(pages.every((page) => page.from === 'copy')).toBe(true);
      const calls = pages.flatMap((page) => page.data);
      expect(calls, JSON.stringify(filters)).toEqual(await everyCall(harness.client, filters));
      await expectDealsAsOwnReads(harness.client, pages, dealIdsOf(calls));
      for (const dealId of dealIdsOf(calls)) deals.add(dealId);
    }
    expect(read[0]!.length).toBeGreaterThan(1);
    expect(deals.size).toBeGreaterThan(1);

    // A deal deleted before the sync began is listed by no walk: its row reads it once, as before,
    // and the copy keeps the service's answer, which the list then brings with no request.
    const listed = await listedDeals(harness.client);
    const unlisted = [...deals].filter((dealId) => !listed.has(dealId));
    expect(unlisted.length).toBeGreaterThan(0);
    for (const dealId of unlisted) expect((await core.invoke('getDeal', { id: dealId })).ok).toBe(false);
    const again = harness.proxy.received().length;
    const pages = await callPages(core, {}, 5);
    expect(harness.askedSince(again)).toEqual([]);
    for (const dealId of unlisted) {
      expect(pages.find((page) => page.deals[dealId])?.deals[dealId]).toEqual({ title: null, deleted: true });
    }
  });

  it('leaves the DELETED calls to the service, which the walks do not list, with each row’s deal from the copy', async () => {
    const before = harness.proxy.received().length;
    const pages = await callPages(core, { status: 'DELETED' }, 5);
    expect(harness.askedSince(before)).toEqual(['/v1/videos?limit=5&status=DELETED']);
    expect(pages.map((page) => page.from)).toEqual(['service']);
    const calls = pages.flatMap((page) => page.data);
    expect(calls.length).toBeGreaterThan(0);
    await expectDealsAsOwnReads(harness.client, pages, dealIdsOf(calls));
  });

  it('goes on from the copy after a page it gave, with the sync paused, and leaves each row to read its deal', async () => {
    const [first] = await callPages(core, {}, 5).then((pages) => pages.slice(0, 1));
    await succeeded(core, 'pauseSync', {});
    try {
      const before = harness.proxy.received().length;
      const second = await succeeded(core, 'listCallRows', { cursor: first!.meta.next_cursor!, limit: 5 });
      expect(harness.askedSince(before)).toEqual([]);
      expect(second).toMatchObject({ from: 'copy', deals: {} });
      expect([...first!.data, ...second.data]).toEqual((await everyCall(harness.client, {})).slice(0, 10));

      // A first page, the sync paused: the service's, as a screen reads it.
      const again = harness.proxy.received().length;
      expect(await succeeded(core, 'listCallRows', { limit: 7 })).toMatchObject({ from: 'service', deals: {} });
      expect(harness.askedSince(again)).toEqual(['/v1/videos?limit=7']);
    } finally {
      await succeeded(core, 'resumeSync', {});
    }
  });
});

describe('the calls list where the copy cannot answer a page as the service would', () => {
  it('from a service that leaves calls’ dates out: the service’s pages, each row’s deal from the copy', async () => {
    const harness = await harnessOf(sparse);
    const core = await harness.openCore({ sync: true });
    await upToDate(core);
    const before = harness.proxy.received().length;
    const pages = await callPages(core, {}, 5);
    const asked = harness.askedSince(before);
    // One request a page, for the page: none for a row's deal.
    expect(asked.map((path) => path.split('?')[0])).toEqual(pages.map(() => '/v1/videos'));
    expect(pages.every((page) => page.from === 'service')).toBe(true);
    const calls = pages.flatMap((page) => page.data);
    expect(calls).toEqual(await everyCall(harness.client, {}));
    await expectDealsAsOwnReads(harness.client, pages, dealIdsOf(calls));
  });

  it('without a sync keeping the copy: the service’s page, each row left to read its deal', async () => {
    const harness = await harnessOf(asIs);
    const core = await harness.openCore({ sync: false });
    const before = harness.proxy.received().length;
    const page = await succeeded(core, 'listCallRows', { limit: 50 });
    expect(harness.askedSince(before)).toEqual(['/v1/videos?limit=50']);
    expect(page).toMatchObject({ from: 'service', deals: {} });
    expect(page.data).toEqual((await harness.client.listVideos({ limit: 50 })).data);
  });

  it('under a scope of owners: the service’s page, with the deals the copy keeps and no others', async () => {
    const harness = await harnessOf(asIs);
    const core = await harness.openCore({ sync: true });
    await upToDate(core);
    const calls = await everyCall(harness.client, {});
    const deals = (await harness.client.listDeals({ limit: 100 })).data;
    const owner = deals.find((deal) => deal.owner_id && calls.some((call) => call.deal_id === deal.id))!.owner_id!;
    const kept = new Set(deals.filter((deal) => deal.owner_id === owner).map((deal) => deal.id));
    const keptCalls = calls.filter((call) => call.deal_id && kept.has(call.deal_id)).length;
    await keepOnly(core, { kind: 'owners', ownerIds: [owner] }, keptCalls);

    const before = harness.proxy.received().length;
    const pages = await callPages(core, {}, 50);
    expect(harness.askedSince(before)).toEqual(['/v1/videos?limit=50']);
    expect(pages.map((page) => page.from)).toEqual(['service']);
    const shownDeals = dealIdsOf(pages.flatMap((page) => page.data));
    expect(Object.keys(pages[0]!.deals).sort()).toEqual(shownDeals.filter((id) => kept.has(id)).sort());
    expect(shownDeals.some((id) => !kept.has(id))).toBe(true);
    await expectDealsAsOwnReads(harness.client, pages, Object.keys(pages[0]!.deals));
  });

  it('under a scope of recent months: the copy for a list from its start on, the service for one reaching past it', async () => {
    const harness = await harnessOf(asIs);
    const core = await harness.openCore({ sync: true });
    await upToDate(core);
    const calls = await everyCall(harness.client, {});
    const within = (months: number) =>
      calls.filter((call) => Date.parse(call.created_at!) > Date.parse(recentSince(months, Date.now())));
    const months = Array.from({ length: 240 }, (_, index) => index + 1).find(
      (count) => within(count).length > 0 && within(count).length < calls.length,
    )!;
    await keepOnly(core, { kind: 'recent', months }, within(months).length);
    // A day after the scope's start: the scope moves on at each round, not between them.
    const since = new Date(Date.parse(recentSince(months, Date.now())) + 86_400_000).toISOString();

    const before = harness.proxy.received().length;
    const recent = await callPages(core, { created_after: since }, 5);
    expect(harness.askedSince(before)).toEqual([]);
    expect(callsOf(recent)).toEqual(await everyCall(harness.client, { created_after: since }));
    expect(recent.every((page) => page.from === 'copy')).toBe(true);
    await expectDealsAsOwnReads(harness.client, recent, dealIdsOf(callsOf(recent)));

    const all = await succeeded(core, 'listCallRows', { limit: 5 });
    expect(all.from).toBe('service');
  });
});
