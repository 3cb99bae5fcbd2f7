import type { Page } from '@playwright/test';
import type { ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

const titleCells = (page: Page) =>
  page.getByRole('table', { name: /^Calls/ }).locator('tbody tr:not(.spacer) td:first-child');

/** Titles as the table shows them, ordered by a number, calls without it last (a stable sort). */
function titlesBy(calls: ServedVideo[], value: (call: ServedVideo) => number | null | undefined, direction: 1 | -1) {
  const known = calls.filter((call) => typeof value(call) === 'number');
  const unknown = calls.filter((call) => typeof value(call) !== 'number');
  return [...known.sort((a, b) => direction * (value(a)! - value(b)!)), ...unknown].map(
    (call) => call.title || 'Untitled call',
  );
}

test.describe('calls list view', () => {
  test('any column header sorts the calls from the keyboard; filters and order stay in the address through a reload and Back', async ({
    page,
    callscope,
  }) => {
    const all = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
    const ready = all.filter((call) => call.status === 'READY');
    expect(ready.length).toBeGreaterThan(1);
    expect(ready.length).toBeLessThan(all.length);
    const duration = (call: ServedVideo) => call.duration_seconds;

    await openScreen(page, callscope, '/calls');
    await expect(titleCells(page)).toHaveText(all.map((call) => call.title || 'Untitled call'));
    const header = (name: string) => page.getByRole('columnheader', { name });
    await expect(header('Recorded')).toHaveAttribute('aria-sort', 'descending');

    await page.locator('body').press('o');
    await expect(header('Recorded').getByRole('button')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(header('Duration').getByRole('button')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(header('Duration')).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/#\/calls\?sort=duration-desc$/);
    await expect(titleCells(page)).toHaveText(titlesBy(all, duration, -1));
    await page.keyboard.press('Enter');
    await expect(header('Duration')).toHaveAttribute('aria-sort', 'ascending');
    await expect(titleCells(page)).toHaveText(titlesBy(all, duration, 1));

    await page.getByLabel('Status').selectOption('READY');
    await expect(page).toHaveURL(/#\/calls\?status=READY&sort=duration-asc$/);
    await expect(titleCells(page)).toHaveText(titlesBy(ready, duration, 1));

    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('READY');
    await expect(header('Duration')).toHaveAttribute('aria-sort', 'ascending');
    await expect(titleCells(page)).toHaveText(titlesBy(ready, duration, 1));

    await titleCells(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/#\/calls\/[^?]+$/);
    await page.goBack();
    await expect(page.getByLabel('Status')).toHaveValue('READY');
    await expect(titleCells(page)).toHaveText(titlesBy(ready, duration, 1));

    // Back to the service's own order: newest first, nothing in the address.
    await header('Recorded').getByRole('button').click();
    await expect(header('Recorded')).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/#\/calls\?status=READY$/);
    await expect(titleCells(page)).toHaveText(ready.map((call) => call.title || 'Untitled call'));
    await header('Recorded').getByRole('button').click();
    await expect(page).toHaveURL(/#\/calls\?status=READY&sort=date-asc$/);
    await expect(titleCells(page)).toHaveText(ready.map((call) => call.title || 'Untitled call').reverse());

    // The Calls link opens the bare list: the filters follow the address.
    await page.getByRole('navigation').getByRole('link', { name: 'Calls' }).click();
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(titleCells(page)).toHaveText(all.map((call) => call.title || 'Untitled call'));
  });

  test('sorting by deal orders calls by their deal’s title, calls without a deal last', async ({ page, callscope }) => {
    const all = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
    const dealIds = [...new Set(all.flatMap((call) => (call.deal_id ? [call.deal_id] : [])))];
    const titles = new Map(
      await Promise.all(
        dealIds.map(
          async (id) =>
            [
              id,
              // A deleted deal reads "Deal deleted", and sorts with the calls without a deal.
              await serviceGet<{ data?: { title: string | null; status: string } }>(callscope, `/v1/deals/${id}`).then(
                ({ data }) => (data?.status === 'DELETED' ? null : data?.title),
              ),
            ] as const,
        ),
      ),
    );
    const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
    const dealTitle = (call: ServedVideo) => (call.deal_id ? titles.get(call.deal_id) || null : null);
    const withDeal = all.filter((call) => dealTitle(call) !== null);
    const expected = [
      ...withDeal.sort((a, b) => collator.compare(dealTitle(a)!, dealTitle(b)!)),
      ...all.filter((call) => dealTitle(call) === null),
    ].map((call) => call.title || 'Untitled call');

    await openScreen(page, callscope, '/calls?sort=deal-asc');
    await expect(page.getByRole('columnheader', { name: 'Deal' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(titleCells(page)).toHaveText(expected);
  });
});
