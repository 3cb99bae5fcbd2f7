import type { Page } from '@playwright/test';
import { demoOrg, expectAccessible, openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

// The brief reads the local copy the app's background sync fills.
test.use({ backgroundSync: true, timezoneId: 'UTC' });

const toast = (page: Page) => page.locator('.toast-region');
const items = (page: Page) => page.getByRole('region', { name: 'Action items' });

test('P on a rep’s page opens their 1:1 brief; action items apply at once with undo and carry over once it is done', async ({
  page,
  callscope,
}) => {
  const rep = demoOrg(callscope).members[0]!;
  await openScreen(page, callscope, `/team/${rep.id}`);
  await expect(page.getByRole('region', { name: 'Your notes' })).toBeVisible();
  await page.keyboard.press('p');
  await expect(page.getByRole('heading', { level: 1, name: /^1:1 brief: / })).toBeVisible();
  await expect(page.getByText(/^No 1:1 marked done yet: the last 8 weeks, since /)).toBeVisible();
  await expect(page.getByText(/^Ranked by the most checklist items not met/)).toBeVisible();

  await items(page).getByRole('textbox', { name: 'New action item' }).focus();
  await page.keyboard.type('Shadow two discovery calls');
  await page.keyboard.press('Enter');
  await expect(items(page).getByRole('checkbox', { name: 'Shadow two discovery calls' })).toBeVisible();
  await expect(toast(page)).toContainText('Action item added.');
  await page.keyboard.type('Send the pricing deck');
  await page.keyboard.press('Enter');
  const deck = items(page).getByRole('checkbox', { name: 'Send the pricing deck' });
  await expect(deck).toBeVisible();

  await deck.focus();
  await page.keyboard.press('Space');
  await expect(deck).toBeChecked();
  await page.keyboard.press('Control+z');
  await expect(deck).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(deck).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/notes29-brief.png', fullPage: true });

  await page.getByRole('button', { name: 'Mark 1:1 done' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Since your last 1:1, /)).toBeVisible();
  // Carried over: the open item; the one done before the 1:1 is not brought up again.
  await expect(items(page).getByRole('checkbox', { name: 'Shadow two discovery calls' })).toBeVisible();
  await expect(deck).toHaveCount(0);
  await expect(page.getByText('No calls since then.').first()).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/^No 1:1 marked done yet/)).toBeVisible();
});
