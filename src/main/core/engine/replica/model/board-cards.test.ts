import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asIs, sparse } from '../../../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../../../service/testing/test-service';
import type { ServiceVariant } from '../../../../../service/testing/variant-proxy';
import { pipelineStatuses } from '../../../../../shared/api';
import { type BoardDeals, PRICING_SEARCH } from '../../../../../shared/bridge';
import type { AppCore } from '../../../app/app-core';
import type { ApiClient } from '../../../service-client/api-client/api-client';
import { copyHarness, succeeded as ok, upToDate } from '../../../testing/synced-copy';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import { boardFacts } from './board-cards';

let service: TestService;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(async () => {
  for (const dispose of disposals.reverse()) await dispose();
  await service?.stop();
});

/** The service as a variant answers it, counting the app's requests, a client of it, and a core on it. */
async function through(variant: ServiceVariant) {
  const harness = await copyHarness(service, variant);
  disposals.push(() => harness.close());
  return { ...harness, openCore: (sync: boolean) => harness.openCore({ sync }) };
}

/** Every page of a Pipeline column, as the board reads it. */
async function column(core: AppCore, status: (typeof pipelineStatuses)[number]): Promise<BoardDeals[]> {
  const pages: BoardDeals[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok(core, 'listBoardDeals', { status, cursor, limit: 25 });
    pages.push(page);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

/** What each card's own reads give, asked of the service as a card with nothing held would. */
async function perRecord(client: ApiClient, dealId: string) {
  const [detail, activities, scorings, pricing] = await Promise.all([
    client.getDeal({ id: dealId }),
    client.listActivities({ id: dealId, limit: 1 }),
    client.listScorings({ id: dealId, limit: 10 }),
    client.searchTranscripts({ q: PRICING_SEARCH, deal_id: dealId, limit: 1 }),
  ]);
  const newest = activities.data[0];
  return {
    probability: { value: detail.data.probability ?? null },
    latestActivity: newest ? (newest.created_at ? { at: newest.created_at } : {}) : { at: null },
    scorings: scorings.data,
    mentionsPricing: Math.max(pricing.meta.total_matches ?? 0, pricing.data.length) > 0,
  };
}

async function everyDeal(client: ApiClient, status: string) {
  const deals = [];
  let cursor: string | undefined;
  do {
    const page = await client.listDeals({ status: status as never, limit: 100, cursor });
    deals.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return deals;
}

describe('the Pipeline’s columns in one read each', () => {
  it.each([
    ['the local service', asIs],
    ['a service that gives only what the interface requires', sparse],
  ])(
    'on a copy synced from %s: every card as its own reads give it, the totals as the lists count, no request',
    async (_, variant) => {
      const { proxy, client, openCore } = await through(variant);
      const core = await openCore(true);
      await upToDate(core);
      const before = proxy.received().length;
      const columns = await Promise.all(pipelineStatuses.map((status) => column(core, status)));
      // The copy answered every column: not one request reached the service.
      expect(proxy.received().slice(before)).toEqual([]);
      const pricing = new Set<boolean>();

      for (const [index, status] of pipelineStatuses.entries()) {
        const pages = columns[index]!;
        const served = await everyDeal(client, status);
        const shown = pages.flatMap((page) => page.data);
        expect(shown).toEqual(served);
        expect(pages[0]!.totals).toEqual({
          count: served.length,
          amount: served.reduce((sum, deal) => sum + (deal.forecast_amount ?? 0), 0),
        });
        for (const deal of shown) {
          const facts = pages.find((page) => page.facts[deal.id])!.facts[deal.id]!;
          const { mentionsPricing, ...own } = await perRecord(client, deal.id);
          expect({ ...facts, pricingMentions: undefined }).toEqual({ ...own, pricingMentions: undefined });
          expect(facts.pricingMentions! > 0).toBe(mentionsPricing);
          pricing.add(mentionsPricing);
        }
      }
      // Both were compared: deals whose calls mention pricing, and deals whose calls never do.
      expect(pricing).toEqual(new Set([true, false]));
    },
  );

  it('without a sync keeping the copy: the service’s page, with each card left to read its own', async () => {
    const { proxy, client, openCore } = await through(asIs);
    const core = await openCore(false);
    const before = proxy.received().length;
    const page = await ok(core, 'listBoardDeals', { status: 'OPEN', limit: 25 });
    expect(
      proxy
        .received()
        .slice(before)
        .map((request) => request.path)
        // The service watch asks `/members/me` on its own clock, whatever the screens read.
        .filter((path) => path !== '/v1/members/me'),
    ).toEqual(['/v1/deals?limit=25&status=OPEN']);
    expect(page.data).toEqual((await client.listDeals({ status: 'OPEN', limit: 25 })).data);
    expect(page).toMatchObject({ facts: {}, totals: null });
  });
});

describe('a card’s facts from the copy', () => {
  function copy() {
    const db = openReplicaDb({ file: null });
    const answers = replicaAnswers(db);
    const put = (op: string, params: Record<string, unknown>, body: unknown) =>
      answers.put(op, canonicalParams(params), body, Date.now());
    const deal = (id: string) => ({ id, title: id, status: 'OPEN', created_at: '2026-01-01T00:00:00.000Z' });
    const call = (id: string, dealId: string) => ({ id, deal_id: dealId, status: 'READY' });
    const transcript = (id: string, ...lines: string[]) =>
      put('getTranscript', { id }, { data: lines.map((text, n) => ({ id: `s${n}`, text })) });
    return { db, put, deal, call, transcript };
  }

  it('finds pricing mentioned inside a word, as the service’s substring search does, and says none only then', () => {
    const { db, put, call, transcript } = copy();
    put('listVideos', {}, { data: [call('v1', 'inside'), call('v2', 'none'), call('v3', 'none'), call('v4', 'word')] });
    transcript('v1', 'That quote felt overpriced to them');
    transcript('v2', 'We spoke about the timeline');
    transcript('v3', 'And the budget');
    transcript('v4', 'Our PRICING is per seat', 'prices drop in spring');
    const facts = boardFacts(db, ['inside', 'none', 'word', 'no-calls']);
    expect(facts.inside!.pricingMentions).toBe(1);
    expect(facts.none!.pricingMentions).toBe(0);
    expect(facts.word!.pricingMentions).toBe(2);
    expect(facts['no-calls']!.pricingMentions).toBe(0);
  });

  it('is unknown, for the card to read itself, where the copy cannot answer as the card’s own read would', () => {
    const { db, put, deal, call, transcript } = copy();
    put('listDeals', { status: 'OPEN' }, { data: [deal('d')], meta: { has_more: false } });
    put('listVideos', {}, { data: [call('v1', 'd'), call('v2', 'd')] });
    transcript('v1', 'pricing');
    // The newest activity is known from a page of one; the ten newest scorings are not from a page of two of more.
    put(
      'listActivities',
      { id: 'd', limit: 1 },
      { data: [{ id: 'a1', created_at: '2026-02-01T00:00:00.000Z' }], meta: { has_more: true } },
    );
    const scoring = (id: string) => ({ id, status: 'completed', result: { probability: 40 } });
    put('listScorings', { id: 'd', limit: 2 }, { data: [scoring('s2'), scoring('s1')], meta: { has_more: true } });
    expect(boardFacts(db, ['d']).d).toEqual({
      probability: null,
      latestActivity: { at: '2026-02-01T00:00:00.000Z' },
      scorings: null,
      pricingMentions: null,
    });

    put('getDeal', { id: 'd' }, { data: { ...deal('d'), probability: null, score_factors: [] } });
    put('listScorings', { id: 'd' }, { data: [scoring('s2'), scoring('s1')], meta: { has_more: false } });
    put('getTranscript', { id: 'v2' }, { error: { code: 'not_found', message: 'No transcript' }, meta: {} });
    expect(boardFacts(db, ['d']).d).toEqual({
      probability: { value: null },
      latestActivity: { at: '2026-02-01T00:00:00.000Z' },
      scorings: [scoring('s2'), scoring('s1')],
      pricingMentions: 1,
    });
    db.close();
  });
});
