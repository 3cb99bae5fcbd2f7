import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ServedDeal, ServedDealActivity } from '../src/shared/api/served';
import { invoke } from './copy-scope-helpers';
import { expectAccessible, openScreen, serviceGet } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// Snoozes live in the local copy, which the app's own sync fills; the proxy shows what was sent.
test.use({ backgroundSync: true, faultProxy: true });

const DAY_MS = 24 * 60 * 60 * 1000;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function upToDate(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await expect
    .poll(async () => (await invoke(request, callscope, 'getSyncStatus', {})).state, { timeout: 60_000 })
    .toBe('up-to-date');
}

/** An open deal with activity: with warnings after a day without any, it says "No activity for N days". */
async function idleDeal(callscope: CallscopeApp) {
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
  for (const deal of deals) {
    const [latest] = (
      await serviceGet<{ data: ServedDealActivity[] }>(callscope, `/v1/deals/${deal.id}/activities?limit=1`)
    ).data;
    if (latest) {
      const days = Math.floor((Date.now() - Date.parse(latest.created_at)) / DAY_MS);
      return { deal, idle: `No activity for ${days} days` };
    }
  }
  throw new Error('the seed has no open deal with activity');
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Snooze a warning' });
const toast = (page: Page) => page.locator('.toast-region');

test('a deal’s warning snoozed from the Pipeline card and the deal page by keyboard, hidden and uncounted, woken, each undone', async ({
  page,
  request,
  callscope,
}) => {
  await upToDate(request, callscope);
  const { deal, idle } = await idleDeal(callscope);
  const thresholds = (await invoke(request, callscope, 'getPreferences', {})).dealWarnings ?? {
    staleDays: 14,
    probabilityDrop: 10,
  };
  await invoke(request, callscope, 'setPreferences', {
    dealWarnings: { ...thresholds, staleDays: 1 },
  });
  try {
    // The Pipeline, At risk only: `H` on the card, the idle warning chosen, until tomorrow.
    await openScreen(page, callscope, '/deals');
    const open = page.getByRole('region', { name: /^Open/ });
    const card = open.getByRole('link', { name: new RegExp(escaped(deal.title!)) });
    await expect(card.getByRole('list', { name: 'Warnings' })).toContainText(idle);
    await page.locator('body').press('a');
    await expect(page.getByRole('checkbox', { name: 'At risk' })).toBeChecked();
    await card.focus();
    await page.keyboard.press('h');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('combobox', { name: 'Warning' }).selectOption({ label: idle });
    await expect(dialog(page).getByRole('radio', { name: /^Tomorrow/ })).toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/actions30-snooze-dialog.png' });
    await dialog(page).getByRole('button', { name: 'Snooze', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText(`“${idle}” snoozed until`);
    // Hidden at once, and not counted: a deal with no other warning leaves At risk only.
    const warningsNow = await invoke(request, callscope, 'listWarningSnoozes', {});
    expect(warningsNow).toEqual([expect.objectContaining({ dealId: deal.id, kind: 'stale' })]);
    await expect(open.getByText(idle)).toHaveCount(0);

    await page.keyboard.press('Control+z');
    await expect(card.getByRole('list', { name: 'Warnings' })).toContainText(idle);
    await expect.poll(() => invoke(request, callscope, 'listWarningSnoozes', {})).toEqual([]);

    // Again, then the deal page: the quiet line opens the snoozed warning, to wake it.
    await card.focus();
    await page.keyboard.press('h');
    await dialog(page).getByRole('combobox', { name: 'Warning' }).selectOption({ label: idle });
    await dialog(page)
      .getByRole('radio', { name: /^Next Monday/ })
      .check();
    await dialog(page).getByRole('button', { name: 'Snooze', exact: true }).press('Enter');
    await expect(toast(page)).toContainText(`“${idle}” snoozed until`);
    await page.locator('body').press('a');
    await expect(card.getByText(/^1 snoozed until /)).toBeVisible();
    await page.screenshot({ path: '/tmp/actions30-snoozed-card.png' });

    await card.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
    const atRisk = page.getByRole('region', { name: 'At risk' });
    await expect(atRisk.getByRole('list', { name: 'Warnings' }).getByText(idle)).toHaveCount(0);
    const markdown = page.waitForEvent('download');
    await page.keyboard.press('e');
    const pack = await readFile((await (await markdown).path())!, 'utf8');
    expect(pack).toMatch(new RegExp(`${escaped(idle)}: snoozed until `));

    await atRisk.getByRole('button', { name: /^1 snoozed until / }).focus();
    await page.keyboard.press('Enter');
    await dialog(page)
      .getByRole('button', { name: `Remove the snooze of “${idle}”` })
      .press('Enter');
    await expect(toast(page)).toContainText(`“${idle}” is back.`);
    await expect(atRisk.getByRole('list', { name: 'Warnings' })).toContainText(idle);
    await page.keyboard.press('Control+z');
    await expect(atRisk.getByRole('button', { name: /^1 snoozed until / })).toBeVisible();
    await atRisk.getByRole('button', { name: /^1 snoozed until / }).press('Enter');
    await dialog(page)
      .getByRole('button', { name: `Remove the snooze of “${idle}”` })
      .press('Enter');
    await expect(atRisk.getByRole('list', { name: 'Warnings' })).toContainText(idle);

    // From the palette, until a day typed in.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('snooze');
    const first = page.getByRole('dialog', { name: 'Go to or do anything' }).getByRole('option').first();
    await expect(first).toContainText('Snooze a warning…');
    await expect(first).toContainText('H');
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('combobox', { name: 'Warning' }).selectOption({ label: idle });
    await dialog(page).getByRole('radio', { name: 'A day' }).check();
    await dialog(page).getByLabel('Day it comes back').fill('2031-03-17');
    await dialog(page).getByRole('button', { name: 'Snooze', exact: true }).press('Enter');
    await expect(atRisk.getByRole('button', { name: /^1 snoozed until Mar 17, 2031$/ })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/actions30-snoozed-deal.png', fullPage: true });
    await atRisk.getByRole('button', { name: /^1 snoozed until / }).press('Enter');
    await dialog(page)
      .getByRole('button', { name: `Remove the snooze of “${idle}”` })
      .press('Enter');
    await expect(atRisk.getByRole('list', { name: 'Warnings' })).toContainText(idle);

    // Never sent: no request the app made carries a snooze.
    const sent = callscope.faults.received();
    expect(sent.length).toBeGreaterThan(0);
    for (const made of sent)
      expect(`${made.method} ${made.path} ${JSON.stringify(made.headers)} ${made.body}`).not.toMatch(/snooze|2031-03/i);
  } finally {
    await invoke(request, callscope, 'setPreferences', { dealWarnings: thresholds });
  }
});
