import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('keyboard only', () => {
  test('Tab reaches the navigation and a deal, Enter opens it and focus lands on the new screen', async ({
    page,
    callscope,
  }) => {
    const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data;
    await openScreen(page, callscope, '/deals');
    await expect(page.locator('.deal-card').first()).toBeVisible();

    const firstCard = page.locator('.deal-card').first();
    for (
      let presses = 0;
      presses < 40 && !(await firstCard.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(firstCard).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: deals[0]!.title! })).toBeVisible();
    await expect(page.locator('main')).toBeFocused();
  });

  test('arrow keys move between the tabs of a call', async ({ page, callscope }) => {
    const video = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data[0]!;
    await openScreen(page, callscope, `/calls/${video.id}`);
    const summary = page.getByRole('tab', { name: 'Summary' });
    await summary.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Checklist' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Checklist' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Analyses' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(summary).toHaveAttribute('aria-selected', 'true');
  });

  test('shortcut help and search open from the keyboard and close with Esc', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/webhooks');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog', { name: 'Search transcripts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
