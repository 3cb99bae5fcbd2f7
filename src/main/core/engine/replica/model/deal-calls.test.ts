import { describe, expect, it } from 'vitest';
import type { Video } from '../../../../../shared/api';
import type { DealCalls } from '../../../../../shared/bridge';
import type { AppCore } from '../../../app/app-core';
import type { ApiClient } from '../../../service-client/api-client/api-client';
import { keepOnly, sharedCopyHarness, succeeded, upToDate } from '../../../testing/synced-copy';

const copy = sharedCopyHarness();

/** Every page of a deal's calls, as the deal page reads them. */
async function dealCallPages(core: AppCore, dealId: string, limit?: number): Promise<DealCalls[]> {
  const pages: DealCalls[] = [];
  let cursor: string | undefined;
  do {
    const page = await succeeded(core, 'listDealCalls', { id: dealId, cursor, limit });
    pages.push(page);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

async function everyPage<T>(
  read: (cursor: string | undefined) => Promise<{ data: T[]; meta: { next_cursor: string | null } }>,
) {
  const records: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    records.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return records;
}

const everyCall = (client: ApiClient): Promise<Video[]> =>
  everyPage((cursor) => client.listVideos({ limit: 100, cursor }));
const everyDealId = async (client: ApiClient): Promise<string[]> =>
  (await everyPage((cursor) => client.listDeals({ limit: 100, cursor }))).map((deal) => deal.id);

describe('a deal’s calls in one read', () => {
  it('on a copy the sync keeps: every call of the deal the service lists, newest first, each as its own read gives it, with no request', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const calls = await everyCall(copy.harness.client);
    // The deals listed, and those only calls name (deleted before the sync began).
    const dealIds = [
      ...new Set([...(await everyDealId(copy.harness.client)), ...calls.flatMap((call) => call.deal_id ?? [])]),
    ];
    const before = copy.harness.proxy.received().length;
    const read = [];
    for (const dealId of dealIds) read.push(await dealCallPages(core, dealId, 2));
    // The copy answered every page: not one request reached the service.
    expect(copy.harness.askedSince(before)).toEqual([]);

    for (const [index, dealId] of dealIds.entries()) {
      const pages = read[index]!;
      expect(pages.every((page) => page.from === 'copy')).toBe(true);
      const rows = pages.flatMap((page) => page.data);
      // The service's list order (newest first), of the calls whose deal this is.
      expect(rows.map((row) => row.id)).toEqual(calls.filter((call) => call.deal_id === dealId).map((call) => call.id));
      for (const row of rows) {
        const own = (await copy.harness.client.getVideo({ id: row.id })).data;
        expect(row).toEqual({ id: row.id, title: own.title ?? null, call: own });
      }
    }
    // Deals of several pages were compared.
    expect(read.some((pages) => pages.length > 1)).toBe(true);
  });

  it('without a sync keeping the copy: the calls the deal’s activity links, each row left to read its call', async () => {
    const core = await copy.harness.openCore({ sync: false });
    const calls = await everyCall(copy.harness.client);
    const dealId = calls.find((call) => call.deal_id)!.deal_id!;
    const before = copy.harness.proxy.received().length;
    const page = await succeeded(core, 'listDealCalls', { id: dealId });
    expect(copy.harness.askedSince(before)).toEqual([`/v1/deals/${dealId}/activities`]);
    const activities = (await copy.harness.client.listActivities({ id: dealId })).data;
    expect(page).toMatchObject({ from: 'activity', meta: { has_more: false, next_cursor: null } });
    expect(page.data).toEqual(
      activities.map((activity) => ({ id: activity.video_id, title: activity.video_title ?? null, call: null })),
    );
    expect(page.data.length).toBeGreaterThan(0);
  });

  it('under a scope of owners: from the copy for a deal of a chosen owner, from its activity for another', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const calls = await everyCall(copy.harness.client);
    const deals = await everyPage((cursor) => copy.harness.client.listDeals({ limit: 100, cursor }));
    const withCalls = deals.filter((deal) => deal.owner_id && calls.some((call) => call.deal_id === deal.id));
    const chosen = withCalls[0]!;
    const other = withCalls.find((deal) => deal.owner_id !== chosen.owner_id)!;
    const keptCalls = calls.filter((call) =>
      deals.some((deal) => deal.id === call.deal_id && deal.owner_id === chosen.owner_id),
    ).length;
    await keepOnly(core, { kind: 'owners', ownerIds: [chosen.owner_id!] }, keptCalls);

    const before = copy.harness.proxy.received().length;
    const kept = await succeeded(core, 'listDealCalls', { id: chosen.id });
    expect(copy.harness.askedSince(before)).toEqual([]);
    expect(kept.from).toBe('copy');
    expect(kept.data.map((row) => row.id)).toEqual(
      calls.filter((call) => call.deal_id === chosen.id).map((call) => call.id),
    );
    const outside = await succeeded(core, 'listDealCalls', { id: other.id });
    expect(outside.from).toBe('activity');
    expect(copy.harness.askedSince(before)).toEqual([`/v1/deals/${other.id}/activities`]);
  });
});
