import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './screen-helpers';
import { type BrowserModeApp, startBrowserModeApp, underKeyring } from './support/browser-mode-app';
import { expect, test } from './support/fixtures';
import { coverageTotal, decide, idsShown, queueOfAllCalls, queueRows, snoozeDays } from './support/review-queue';
import { syncedApp } from './support/sync';

test.use({ timezoneId: 'UTC' });

const toast = (page: Page) => page.getByRole('status');

test('a restart of the app keeps the private notes and the review decisions in the encrypted copy on disk', async ({
  page,
  callscope,
}) => {
  test.skip(
    !underKeyring,
    'only an OS keychain keeps the copy’s key from one run of the app to the next: run under scripts/with-keyring.sh, as npm test does',
  );
  test.setTimeout(240_000);
  const settingsDir = mkdtempSync(join(tmpdir(), 'callscope-restart-'));
  const demo = { url: callscope.serviceUrl, dataDir: callscope.serviceDataDir };
  let app: BrowserModeApp | undefined = await startBrowserModeApp(settingsDir, demo);
  try {
    await syncedApp(page, app.newSignInUrl());
    // With a keychain the copy is a file under its key, not this session's memory.
    await expect(page.getByRole('region', { name: 'Local copy' }).getByText(/ on disk$/)).toBeVisible();

    const before = (await queueOfAllCalls(page, app.newSignInUrl())) as string[];
    expect(before.length).toBeGreaterThanOrEqual(5);
    const [reviewed, oneOnOne, dismissed, snoozed, noted] = before as [string, string, string, string, string];
    await decide(page, reviewed, '1');
    await expect(toast(page).getByText(/marked reviewed\./)).toBeVisible();
    // Each decision is undone by Ctrl Z while its notice shows, and taken again.
    await decide(page, oneOnOne, '2');
    await expect(toast(page).getByText(/added to .+’s next 1:1\. Ctrl Z undoes it\./)).toBeVisible();
    await expect.poll(() => idsShown(page)).toEqual(before.slice(2));
    await page.keyboard.press('Control+z');
    await expect.poll(() => idsShown(page)).toEqual([oneOnOne, ...before.slice(2)]);
    await decide(page, oneOnOne, '2');
    await decide(page, dismissed, '3');
    await expect(toast(page).getByText(/dismissed\./)).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect.poll(() => idsShown(page)).toEqual(before.slice(2));
    await decide(page, dismissed, '3');
    await decide(page, snoozed, 'h');
    await snoozeDays(page, 3);
    await expect.poll(() => idsShown(page)).toEqual(before.slice(4));

    const note = 'Wyvern: ask how the pricing objection was handled';
    await queueRows(page).first().focus();
    await page.keyboard.press('n');
    await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();
    await page.keyboard.type(note);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('dialog', { name: 'Add a private note' })).toBeHidden();

    await app.quit();
    app = undefined;
    // What the manager wrote is in the copy's file, encrypted: not one word of it is readable there.
    const replicas = join(settingsDir, 'replicas');
    expect(readdirSync(replicas).length).toBeGreaterThan(0);
    for (const file of readdirSync(replicas))
      expect(readFileSync(join(replicas, file)).includes('Wyvern'), file).toBe(false);

    app = await startBrowserModeApp(settingsDir, demo);
    await page.goto(app.newSignInUrl());
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    await page.getByLabel('Window').focus();
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/#\/coaching\/review\?window=all$/);
    await expect.poll(() => idsShown(page)).toEqual(before.slice(4));
    await expect.poll(() => coverageTotal(page, 'Reviewed')).toBe(1);
    await expect.poll(() => coverageTotal(page, 'To 1:1')).toBe(1);
    await expect.poll(() => coverageTotal(page, 'Dismissed')).toBe(1);
    await expect.poll(() => coverageTotal(page, 'Snoozed')).toBe(1);
    await expectAccessible(page);

    // Out of the Window list, whose keys are its own, to the queue's.
    await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    await expect(queueRows(page).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/calls/${noted}$`));
    await expect(page.getByRole('region', { name: 'Your notes' }).getByText(note)).toBeVisible();
  } finally {
    await app?.quit();
    rmSync(settingsDir, { recursive: true, force: true });
  }
});
