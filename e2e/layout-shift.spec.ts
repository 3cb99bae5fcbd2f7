import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

/** Sums layout shifts not caused by input, as Chromium reports them (the CLS metric's raw material). */
function recordLayoutShifts() {
  const record = window as unknown as { layoutShift: number };
  record.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Well under the 0.1 a page needs for a "good" CLS: skeletons hold the place of what loads. */
const MAX_SHIFT = 0.01;

const layoutShift = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test.describe('no layout shift while data loads', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordLayoutShifts);
  });

  test('pipeline', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/deals');
    await expect(page.locator('.deal-card').first()).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
  });

  test('deal page', async ({ page, callscope }) => {
    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data[0]!;
    await openScreen(page, callscope, `/deals/${deal.id}`);
    await expect(page.getByRole('heading', { name: 'Scoring history' })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
  });

  test('call page', async ({ page, callscope }) => {
    const video = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data[0]!;
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.locator('[data-segment-id]').first()).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
  });
});
