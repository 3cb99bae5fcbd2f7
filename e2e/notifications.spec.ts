import type { Page } from '@playwright/test';
import type { ServedDeal } from '../src/shared/api/served';
import { demoOrg, expectAccessible, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';
import { syncAgain, syncState } from './support/sync';

// The app's own sync: each round's end evaluates the manager's rules.
test.use({ backgroundSync: true });

/** Writes a rule in the open Notifications screen, by keyboard: `A`, the fields, Enter. */
async function writeRule(
  page: Page,
  kind: string,
  threshold: string,
  delivery: 'Now' | 'In the digest',
  screenshot?: string,
) {
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Write a rule' });
  await expect(dialog.getByLabel('Tell me when')).toBeFocused();
  await dialog.getByLabel('Tell me when').selectOption({ label: kind });
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(threshold);
  await dialog.getByRole('radio', { name: new RegExp(`^${delivery}`) }).check();
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

test('a rule written by keyboard fires on a pushed close date: shown as a notification, then in the digest; edits undo', async ({
  page,
  request,
  callscope,
}) => {
  test.setTimeout(180_000);
  await expect.poll(() => syncState(request, callscope), { timeout: 60_000 }).toBe('up-to-date');
  await openScreen(page, callscope, '/deals');
  await page.locator('#main').focus();
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('No rules yet')).toBeVisible();

  await writeRule(page, 'A close date is pushed out again', '1', 'Now', '/tmp/digest30-rule-editor.png');
  await writeRule(page, 'A close date is pushed out again', '1', 'In the digest');
  const rules = page.locator('.rule-row');
  await expect(rules).toHaveText([
    /A close date is pushed out\s*Any owner’s deals\s*Now/,
    /A close date is pushed out\s*Any owner’s deals\s*In the digest/,
  ]);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/digest30-notifications.png', fullPage: true });

  // Removed with Delete on its row, and back with Ctrl Z while the toast shows.
  await page.keyboard.press('Escape');
  await page.locator('#main').focus();
  await page.keyboard.press('j');
  await expect(rules.first()).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(rules).toHaveCount(1);
  await expect(page.getByText('Rule removed.')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(rules).toHaveCount(2);

  // The deals' CRM pushes a close date out; the next sync round's end evaluates the rules.
  const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data.find(
    (candidate) => candidate.close_date !== null,
  )!;
  const later = new Date(Date.parse(deal.close_date!) + 45 * 86_400_000).toISOString();
  await callscope.serviceCli(['deal', 'set', '--org', demoOrg(callscope).id, '--deal', deal.id, '--close-date', later]);
  await syncAgain(request, callscope);

  // Browser mode shows no OS notification: "Shown lately" is its record, on every host.
  const shown = page.getByRole('region', { name: 'Shown lately' }).locator('.hit-row');
  await expect(shown).toHaveCount(1, { timeout: 30_000 });
  await expect(shown.first()).toContainText('Close date pushed out');
  await expect(shown.first()).toContainText(deal.title ?? 'Untitled deal');
  await expect(page.getByText('1 waiting for the next digest')).toBeVisible();
  await page.screenshot({ path: '/tmp/digest30-shown.png', fullPage: true });

  await page.locator('#main').focus();
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page.getByRole('heading', { name: 'Digest', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Make the digest now' }).click();
  const fromRules = page.getByRole('region', { name: /^From your rules/ });
  await expect(fromRules.locator('.hit-row')).toHaveCount(1);
  await expect(fromRules).toContainText('Close date pushed out');
  await expect(page.getByRole('region', { name: /^What changed/ })).toContainText(/close date/i);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/digest30-digest.png', fullPage: true });

  // Its row opens the deal.
  await fromRules.getByRole('link').first().press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/deals/${encodeURIComponent(deal.id)}$`));
});
