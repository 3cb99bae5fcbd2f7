import { describe, expect, it } from 'vitest';
import { type DealReviewPack, MAX_PACK_DEALS } from '../../../../../shared/deal-review-pack';
import { dealLink, type LinkTarget, momentLink, parseCallscopeLink } from '../../../../../shared/moment-link';
import { sharedCopyHarness, succeeded, upToDate } from '../../../testing/synced-copy';

const copy = sharedCopyHarness();

/** Every link the pack's claims rest on, as the Markdown writes them. */
function linksOf(pack: DealReviewPack): string[] {
  return [
    dealLink(pack.deal.id),
    ...pack.calls.map((call) => momentLink(call.id)),
    ...pack.activities.flatMap((activity) => (activity.callId ? [momentLink(activity.callId)] : [])),
    ...pack.checklist.flatMap((item) => [
      momentLink(item.callId),
      ...(item.quote ? [momentLink(item.callId, item.quote.seconds)] : []),
    ]),
    ...pack.changes.map((change) =>
      'callId' in change && change.callId ? momentLink(change.callId) : dealLink(pack.deal.id),
    ),
  ];
}

describe('a deal’s review pack from a synced copy', () => {
  it('links every claim to a deal, a call and a line the service holds, as the service gives them', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const deals = (await copy.harness.client.listDeals({ limit: 100 })).data;
    let quotes = 0;
    for (const deal of deals) {
      const pack = await succeeded(core, 'getDealReviewPack', { id: deal.id });
      expect(pack.deal).toMatchObject({ id: deal.id, title: deal.title, status: deal.status });
      for (const link of linksOf(pack)) {
        const target = parseCallscopeLink(link) as LinkTarget;
        expect(target, link).not.toBeNull();
        if (target.screen === 'deal') {
          expect(target.id).toBe(deal.id);
          continue;
        }
        const video = await copy.harness.client.getVideo({ id: target.id });
        expect(video.data.deal_id, link).toBe(deal.id);
        if (target.at && 'seconds' in target.at) {
          const seconds = target.at.seconds;
          const lines = (await copy.harness.client.getTranscript({ id: target.id })).data;
          expect(
            lines.some((line) => Math.abs((line.start ?? -1) - seconds) < 0.001),
            link,
          ).toBe(true);
          quotes += 1;
        }
      }
    }
    // The seed's checklists quote their calls: the links reach lines, not only calls.
    expect(quotes).toBeGreaterThan(0);
  });

  it('says not_found for a deal the copy does not hold', async () => {
    const core = await copy.harness.openCore({ sync: false });
    const settled = await core.invoke('getDealReviewPack', { id: 'deal_nowhere' });
    expect(settled.ok ? null : settled.error.code).toBe('not_found');
  });

  it('reads a row’s packs in one call, in the order asked, each the pack its deal has alone', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const ids = (await copy.harness.client.listDeals({ limit: 100 })).data.map((deal) => deal.id).reverse();
    const packs = await succeeded(core, 'getDealReviewPacks', { ids });
    expect(packs.map((pack) => pack.deal.id)).toEqual(ids);
    for (const pack of packs) {
      const alone = await succeeded(core, 'getDealReviewPack', { id: pack.deal.id });
      expect({ ...pack, builtAt: null }).toEqual({ ...alone, builtAt: null });
    }
  });

  it(`refuses more than ${MAX_PACK_DEALS} deals at once, and says not_found for a deal the copy does not hold`, async () => {
    const core = await copy.harness.openCore({ sync: false });
    const many = Array.from({ length: MAX_PACK_DEALS + 1 }, (_, index) => `deal_${index}`);
    const tooMany = await core.invoke('getDealReviewPacks', { ids: many });
    expect(tooMany.ok ? null : tooMany.error.code).toBe('invalid_params');
    const missing = await core.invoke('getDealReviewPacks', { ids: ['deal_nowhere'] });
    expect(missing.ok ? null : missing.error.code).toBe('not_found');
  });
});
