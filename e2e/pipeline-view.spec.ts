import type { Page } from '@playwright/test';
import type { ServedDeal } from '../src/shared/api/served';
import { humanize } from '../src/shared/humanize';
import { openScreen, serviceGet } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';
import { expect, test } from './support/fixtures';

const statuses = ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED'] as const;

/** Every pipeline deal in the service's order (newest first), each with its detail's win probability. */
async function boardDeals(callscope: CallscopeApp) {
  const lists = await Promise.all(
    statuses.map(
      async (status) =>
        (await serviceGet<{ data: ServedDeal[] }>(callscope, `/v1/deals?status=${status}&limit=100`)).data,
    ),
  );
  return Promise.all(
    lists.flat().map(async (deal) => ({
      ...deal,
      probability: (await serviceGet<{ data: { probability: number | null } }>(callscope, `/v1/deals/${deal.id}`)).data
        .probability,
    })),
  );
}

type BoardDeal = Awaited<ReturnType<typeof boardDeals>>[number];

/** Per column, the titles as the cards show them, ordered by one value, deals without it last (a stable sort). */
function columnsBy(deals: BoardDeal[], value: (deal: BoardDeal) => number | null | undefined, direction: 1 | -1) {
  return statuses.map((status) => {
    const column = deals.filter((deal) => deal.status === status);
    const known = column.filter((deal) => typeof value(deal) === 'number');
    const unknown = column.filter((deal) => typeof value(deal) !== 'number');
    return [...known.sort((a, b) => direction * (value(a)! - value(b)!)), ...unknown].map(
      (deal) => deal.title ?? 'Untitled deal',
    );
  });
}

const column = (page: Page, status: string) => page.getByRole('region', { name: new RegExp(`^${humanize(status)}`) });

async function expectColumns(page: Page, titles: string[][]) {
  for (const [index, status] of statuses.entries()) {
    await expect(column(page, status).locator('.deal-title')).toHaveText(titles[index]!);
  }
}

test.describe('pipeline board view', () => {
  test.use({ locale: 'en-US' });

  test('close-date and amount ranges filter the cards; the address holds them through a reload and Back', async ({
    page,
    callscope,
  }) => {
    const deals = await boardDeals(callscope);
    const amounts = deals.flatMap((deal) => (deal.forecast_amount === null ? [] : [deal.forecast_amount]));
    const [min, max] = [Math.min(...amounts) + 1, Math.max(...amounts) - 1];
    const days = deals.flatMap((deal) => (deal.close_date ? [deal.close_date.slice(0, 10)] : [])).sort();
    const from = days[Math.floor(days.length / 2)]!;
    const inRange = (deal: BoardDeal) =>
      deal.forecast_amount !== null &&
      deal.forecast_amount >= min &&
      deal.forecast_amount <= max &&
      deal.close_date !== null &&
      deal.close_date.slice(0, 10) >= from;
    const expected = columnsBy(deals.filter(inRange), () => null, 1);
    expect(expected.flat().length).toBeGreaterThan(0);
    expect(expected.flat().length).toBeLessThan(deals.length);

    await openScreen(page, callscope, '/deals');
    await expectColumns(
      page,
      columnsBy(deals, () => null, 1),
    );
    await page.getByLabel('Amount at least').fill(String(min));
    await page.getByLabel('Amount at most').fill(String(max));
    await page.getByLabel('Close date from').fill(from);
    await expectColumns(page, expected);
    await expect(page).toHaveURL(new RegExp(`\\?close=${from}\\.\\.&amount=${min}\\.\\.${max}$`));

    // A range whose end is below its start is said, and filters nothing until it reads.
    await page.getByLabel('Amount at most').fill(String(min - 1));
    await expect(page.getByText('The end is below the start.')).toBeVisible();
    await expect(page.getByLabel('Amount at most')).toHaveAttribute('aria-invalid', 'true');
    await expectColumns(page, expected);
    await page.getByLabel('Amount at most').fill(String(max));

    await page.reload();
    await expect(page.getByLabel('Close date from')).toHaveValue(from);
    await expect(page.getByLabel('Amount at least')).toHaveValue(String(min));
    await expectColumns(page, expected);

    await page.locator('.pipeline').getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/deals\/[^?]+$/);
    await page.goBack();
    await expect(page.getByLabel('Amount at most')).toHaveValue(String(max));
    await expectColumns(page, expected);

    // The Pipeline link opens the bare board: the fields follow the address.
    await page.getByRole('navigation').getByRole('link', { name: 'Pipeline' }).click();
    await expect(page.getByLabel('Amount at least')).toHaveValue('');
    await expect(page.getByLabel('Close date from')).toHaveValue('');
    await expectColumns(
      page,
      columnsBy(deals, () => null, 1),
    );
  });

  test('cards whose reads wait while the search palette is open read them once it closes', async ({
    page,
    callscope,
  }) => {
    const deals = await boardDeals(callscope);
    const scored = deals.find((deal) => deal.probability !== null)!;
    await openScreen(page, callscope, '/deals');
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog', { name: 'Search transcripts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      column(page, scored.status).getByRole('link', {
        name: new RegExp(`${scored.title}.*${Math.round(scored.probability!)}% to win`),
      }),
    ).toBeVisible();
  });

  test('cards show their win probability and sort by it, by amount and by close date, from the keyboard', async ({
    page,
    callscope,
  }) => {
    const deals = await boardDeals(callscope);
    const scored = deals.find((deal) => deal.probability !== null)!;
    await openScreen(page, callscope, '/deals');
    await expect(
      column(page, scored.status).getByRole('link', {
        name: new RegExp(`${scored.title}.*${Math.round(scored.probability!)}% to win`),
      }),
    ).toBeVisible();

    await page.locator('body').press('o');
    await expect(page.getByLabel('Sort cards')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.getByLabel('Sort cards').selectOption('Win probability, highest first');
    await expect(page).toHaveURL(/\?sort=probability-desc$/);
    await expectColumns(
      page,
      columnsBy(deals, (deal) => deal.probability, -1),
    );

    await page.getByLabel('Sort cards').selectOption('Amount, smallest first');
    await expectColumns(
      page,
      columnsBy(deals, (deal) => deal.forecast_amount, 1),
    );

    const closeTime = (deal: BoardDeal) => (deal.close_date ? Date.parse(deal.close_date) : null);
    await page.getByLabel('Sort cards').selectOption('Close date, soonest first');
    await expectColumns(page, columnsBy(deals, closeTime, 1));
    await page.reload();
    await expect(page.getByLabel('Sort cards')).toHaveValue('close-date-asc');
    await expectColumns(page, columnsBy(deals, closeTime, 1));

    await page.locator('body').press('?');
    await expect(
      page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('row', { name: /^O / }),
    ).toContainText('Sort cards');
  });
});
