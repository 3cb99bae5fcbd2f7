import type { ServedDeal } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true });

test('a frozen service: after a few seconds the screen says it is slow to answer, and Stop waiting lets go', async ({
  page,
  callscope,
}) => {
  // A deal no screen has read yet in this worker, so no local copy can answer for the service.
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data;
  const deal = deals.at(-1)!;
  await openScreen(page, callscope, '/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  callscope.freezeService();
  try {
    await page.evaluate((path) => {
      window.location.hash = path;
    }, `/deals/${deal.id}`);
    const slow = page.getByText(/^The service is slow to answer — waiting \d+ s\./);
    await expect(slow).toBeVisible({ timeout: 15_000 });
    await slow.getByRole('button', { name: 'Stop waiting' }).click();
    await expect(slow).toBeHidden();
    await expect(page.getByText('The request was cancelled.').first()).toBeVisible();
  } finally {
    callscope.thawService();
  }
  await page.getByRole('button', { name: 'Retry' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: deal.title ?? 'Untitled deal' })).toBeVisible();
});
