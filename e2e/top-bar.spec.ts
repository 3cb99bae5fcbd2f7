import type { Page } from '@playwright/test';
import { expectAccessible, openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

/** Whether an element's words are cut short or it reaches past the window's right edge. */
const cut = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.scrollWidth > element.clientWidth || box.right > document.documentElement.clientWidth;
  });

test('at 1280 px the top bar shows the whole status and the member’s name; its one palette button offers transcript search first', async ({
  page,
  callscope,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openScreen(page, callscope, '/deals');
  const status = page.getByRole('banner').locator('button.freshness');
  await expect(status).toContainText('Updated');
  expect(await cut(page, '.freshness-line')).toBe(false);
  expect(await cut(page, '.nav-group-button:has(.member-name)')).toBe(false);
  await expect(page.getByRole('banner').getByRole('button', { name: /Search transcripts/ })).toHaveCount(0);

  await page.getByRole('button', { name: /Go to, search or do/ }).click();
  const palette = page.getByRole('dialog', { name: 'Go to or do anything' });
  const first = palette.getByRole('option').first();
  await expect(first).toContainText('Search transcripts');
  await expect(first).toContainText('/');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Search transcripts' })).toBeVisible();
});

test('the main nav groups the week’s and the coaching screens, and the name at the right the settings: each opens from the keyboard', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/deals');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const week = nav.getByRole('button', { name: 'Week' });
  await week.focus();
  await page.keyboard.press('Enter');
  await expect(week).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toContainText([
    'Pipeline',
    'Calls',
    'Search',
    'Team',
    'What changed',
    'Roll-up',
    'Digest',
  ]);
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: /What changed/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
  await expect(week).toHaveAttribute('aria-expanded', 'false');
  await expect(week).toHaveClass(/current/);

  const coaching = nav.getByRole('button', { name: 'Coaching' });
  await coaching.focus();
  await page.keyboard.press('Enter');
  for (const screen of ['Review queue', 'Checklist matrix', 'Trackers']) {
    await expect(nav.getByRole('link', { name: new RegExp(screen) })).toBeVisible();
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(coaching).toHaveAttribute('aria-expanded', 'false');
  await expect(coaching).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Checklist/ })).toBeVisible();

  const settings = page.getByRole('navigation', { name: 'Settings' });
  await settings.getByRole('button').click();
  for (const screen of ['Workspace and key', 'Notifications', 'Webhooks']) {
    await expect(settings.getByRole('link', { name: new RegExp(screen) })).toBeVisible();
  }
  await expectAccessible(page);
  await settings.getByRole('link', { name: /Webhooks/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(settings.getByRole('link', { name: /Webhooks/ })).toBeHidden();
});
