import type { ServedDeal } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('pipeline amounts', () => {
  test.use({ locale: 'en-US' });

  test('the workspace names the currency; each status totals its deals and forecast amounts', async ({
    page,
    callscope,
  }) => {
    const open = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
    const sum = open.reduce((total, deal) => total + (deal.forecast_amount ?? 0), 0);
    const euros = (amount: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);

    await openScreen(page, callscope, '/settings');
    await page.getByLabel('Currency of amounts').selectOption('EUR');
    try {
      await page.keyboard.press('g');
      await page.keyboard.press('p');
      const column = page.getByRole('region', { name: /^Open/ });
      await expect(
        column.getByText(`${open.length} ${open.length === 1 ? 'deal' : 'deals'} · ${euros(sum)}`, { exact: true }),
      ).toBeVisible();
      const priced = open.find((deal) => deal.forecast_amount !== null && deal.title)!;
      await expect(
        column.getByRole('link', { name: new RegExp(euros(priced.forecast_amount!).replace(/[$.]/g, '\\$&')) }).first(),
      ).toBeVisible();
    } finally {
      await openScreen(page, callscope, '/settings');
      await page.getByLabel('Currency of amounts').selectOption('');
      await expect(page.getByLabel('Currency of amounts')).toHaveValue('');
    }
  });

  test('M shows only my deals, and the owner list any member’s', async ({ page, callscope }) => {
    const me = (await serviceGet<{ data: { id: string } }>(callscope, '/v1/members/me')).data;
    const open = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
    await openScreen(page, callscope, '/deals');
    const column = page.getByRole('region', { name: /^Open/ });
    await expect(column.getByRole('link')).toHaveCount(open.length);
    await page.locator('body').press('m');
    await expect(page.getByLabel('Owner')).toHaveValue('me');
    await expect(page).toHaveURL(/owner=me/);
    await expect(column.getByRole('link')).toHaveCount(open.filter((deal) => deal.owner_id === me.id).length);
    await page.locator('body').press('m');
    await expect(page.getByLabel('Owner')).toHaveValue('');
    await expect(column.getByRole('link')).toHaveCount(open.length);
  });
});
