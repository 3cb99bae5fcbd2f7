import type { ServedDeal, ServedMember } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

async function openDeals(callscope: Parameters<typeof serviceGet>[0]): Promise<ServedDeal[]> {
  return (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
}

test.describe('pipeline', () => {
  test('groups deals by status with owners by name and DELETED only on request', async ({ page, callscope }) => {
    const members = (await serviceGet<{ data: ServedMember[] }>(callscope, '/v1/members')).data;
    const owned = (await openDeals(callscope)).find((deal) => deal.owner_id && deal.title)!;
    const owner = members.find((member) => member.id === owned.owner_id)!;

    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    for (const status of ['Open', 'On hold', 'Won', 'Lost', 'Archived']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${status}`) })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: /^Deleted/ })).toHaveCount(0);

    const card = page.getByRole('link', { name: new RegExp(owned.title!) }).first();
    await expect(card).toContainText(owner.display_name);

    await page.getByRole('checkbox', { name: 'Deleted' }).check();
    await expect(page.getByRole('heading', { level: 2, name: /^Deleted/ })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Won' }).uncheck();
    await expect(page.getByRole('heading', { level: 2, name: /^Won/ })).toHaveCount(0);
  });

  test('a deal card opens the deal page with its activity linking to calls', async ({ page, callscope }) => {
    const deal = (await openDeals(callscope)).find((candidate) => candidate.title)!;
    await openScreen(page, callscope, '/deals');
    await page
      .getByRole('link', { name: new RegExp(deal.title!) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scoring history' })).toBeVisible();
    const activityLink = page.getByRole('region', { name: 'Activity' }).getByRole('link').first();
    if (await activityLink.count()) {
      await activityLink.click();
      await expect(page).toHaveURL(/#\/calls\//);
    }
  });
});

test.describe('re-score', () => {
  test('a failed scoring shows its code, message and a copyable request id', async ({ page, callscope }) => {
    const deal = (await openDeals(callscope)).at(-1)!;
    await callscope.serviceCli(['fault', 'set', 'job-fail', deal.id, 'on']);
    try {
      await openScreen(page, callscope, `/deals/${deal.id}`);
      await page.getByRole('button', { name: 'Re-score' }).click();
      const progress = page.locator('.job-progress');
      await expect(progress.getByText('The job failed')).toBeVisible({ timeout: 20_000 });
      await expect(progress.getByText('injected_failure')).toBeVisible();
      await expect(progress.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
      await expect(progress.getByRole('button', { name: 'Copy request id' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Scoring history' }).getByText('failed').first()).toBeVisible();
    } finally {
      await callscope.serviceCli(['fault', 'set', 'job-fail', deal.id, 'off']);
    }
  });
});
