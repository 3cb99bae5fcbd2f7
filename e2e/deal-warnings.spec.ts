import type { Page } from '@playwright/test';
import type { ServedDeal, ServedDealActivity, ServedScoring } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';
import { expect, test } from './support/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

async function setThresholds(page: Page, callscope: CallscopeApp, staleDays: number, probabilityDrop: number) {
  await openScreen(page, callscope, '/settings');
  const section = page.getByRole('region', { name: 'Deal warnings' });
  await section.getByLabel('Warn after this many days without activity').fill(String(staleDays));
  await section.getByLabel('Warn when win probability drops by this many points').fill(String(probabilityDrop));
  await section.getByRole('button', { name: 'Save warnings' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();
}

/** The deals still being worked, each with its newest activity and scorings, read from the service itself. */
async function openDeals(callscope: CallscopeApp, status = 'OPEN') {
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, `/v1/deals?status=${status}&limit=100`)).data;
  return Promise.all(
    deals.map(async (deal) => ({
      deal,
      activities: (
        await serviceGet<{ data: ServedDealActivity[] }>(callscope, `/v1/deals/${deal.id}/activities?limit=1`)
      ).data,
      scorings: (await serviceGet<{ data: ServedScoring[] }>(callscope, `/v1/deals/${deal.id}/scorings?limit=10`)).data,
    })),
  );
}

test.describe('deal warnings', () => {
  test('thresholds come from settings; A shows only deals at risk, each with its reason in words', async ({
    page,
    callscope,
  }) => {
    const deals = await openDeals(callscope);
    const worked = deals.find(({ activities }) => activities.length > 0)!;
    const idleDays = Math.floor((Date.now() - Date.parse(worked.activities[0]!.created_at)) / DAY_MS);
    await setThresholds(page, callscope, 1, 10);
    try {
      await openScreen(page, callscope, '/deals');
      const open = page.getByRole('region', { name: /^Open/ });
      await expect(open.getByRole('link').first()).toBeVisible();
      await page.locator('body').press('a');
      await expect(page.getByRole('checkbox', { name: 'At risk' })).toBeChecked();
      const card = open.getByRole('link', {
        name: new RegExp(worked.deal.title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      });
      await expect(card.getByRole('list', { name: 'Warnings' })).toContainText(`No activity for ${idleDays} days`);
      for (const shown of await open.getByRole('link').all())
        await expect(shown.getByRole('list', { name: 'Warnings' })).toBeVisible();
      // A won deal has nothing left to act on.
      await expect(
        page.getByRole('region', { name: /^Won/ }).getByText('No won deals match the filters'),
      ).toBeVisible();

      await card.click();
      await expect(page.getByRole('region', { name: 'At risk' })).toContainText(`No activity for ${idleDays} days`);
      // The facts say so in one line at the top, and take the reader to the reasons.
      await page.getByRole('button', { name: /^At risk: \d+ warnings?$/ }).click();
      await expect(page.getByRole('region', { name: 'At risk' })).toBeInViewport();
    } finally {
      await setThresholds(page, callscope, 14, 10);
    }
  });

  test('a deal whose calls never mention pricing says so (a search restricted to the deal)', async ({
    page,
    callscope,
  }) => {
    const deals = [...(await openDeals(callscope)), ...(await openDeals(callscope, 'ON_HOLD'))];
    const unpriced = [];
    for (const candidate of deals.filter(({ activities }) => activities.length > 0)) {
      const search = await serviceGet<{ meta: { total_matches: number } }>(
        callscope,
        `/v1/search/transcripts?q=pric&deal_id=${candidate.deal.id}&limit=1`,
      );
      if (search.meta.total_matches === 0) unpriced.push(candidate);
    }
    if (unpriced.length === 0) throw new Error('the seed has no active deal whose calls never mention pricing');
    await openScreen(page, callscope, `/deals/${unpriced[0]!.deal.id}`);
    await expect(page.getByRole('region', { name: 'At risk' })).toContainText('Pricing never mentioned in its calls');
  });

  test('the shortcut sheet lists the at-risk key', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/deals');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('show only deals at risk');
  });
});
