import type { APIRequestContext, Page } from '@playwright/test';
import { invoke } from './copy-scope-helpers';
import { openScreen } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// Bookmarks and "my last look" live in the local copy: the app's own sync makes it.
test.use({ backgroundSync: true });

const toast = (page: Page) => page.locator('.toast');

/** The notice of the newest local action, with its key, then undone by Ctrl Z (not in a text field). */
async function undoByKey(page: Page, said: string | RegExp): Promise<void> {
  await expect(toast(page)).toContainText(said);
  await expect(toast(page).locator('kbd')).toHaveText('Ctrl Z');
  await page.locator('main').focus();
  await page.keyboard.press('Control+z');
  await expect(toast(page)).toBeHidden();
}

async function undoByButton(page: Page, said: string | RegExp): Promise<void> {
  await expect(toast(page)).toContainText(said);
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toBeHidden();
}

async function upToDate(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await expect
    .poll(async () => (await invoke(request, callscope, 'getSyncStatus', {})).state, { timeout: 60_000 })
    .toBe('up-to-date');
}

test.describe('undo of every local action', () => {
  test('a saved search: its saving undone with Ctrl Z, its deletion with the toast’s Undo', async ({
    page,
    request,
    callscope,
  }) => {
    await openScreen(page, callscope, '/calls');
    const palette = page.getByRole('dialog', { name: 'Search transcripts' });
    const saved = palette.getByRole('group', { name: 'Saved searches' }).getByRole('option');
    await page.keyboard.press('/');
    await page.keyboard.type('price');
    await page.keyboard.press('Control+s');
    await palette.getByRole('textbox', { name: 'Name' }).fill('Price talk');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await undoByKey(page, 'Search “Price talk” saved.');
    expect(await invoke(request, callscope, 'listSavedSearches', {})).toEqual([]);

    await page.keyboard.press('/');
    await page.keyboard.press('Control+s');
    await palette.getByRole('textbox', { name: 'Name' }).fill('Price talk');
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Search “Price talk” saved.');
    const [kept] = (await invoke(request, callscope, 'listSavedSearches', {})) as unknown as { id: string }[];
    await palette.getByRole('combobox', { name: 'Search every transcript' }).fill('');
    await expect(saved).toHaveText([/Price talk/]);
    await page.keyboard.press('Delete');
    await expect(saved).toHaveCount(0);
    // The toast lies under the modal search: it is reached once the search is closed.
    await page.keyboard.press('Escape');
    await undoByButton(page, 'Saved search “Price talk” deleted.');
    await page.keyboard.press('/');
    await expect(saved).toHaveText([/Price talk/]);
    expect(await invoke(request, callscope, 'listSavedSearches', {})).toMatchObject([{ id: kept!.id }]);
  });

  test('workspace settings: the currency undone with Ctrl Z, the deal warnings with the toast’s Undo', async ({
    page,
    request,
    callscope,
  }) => {
    await openScreen(page, callscope, '/settings');
    const currency = page.getByLabel('Currency of amounts');
    await currency.selectOption('EUR');
    await undoByKey(page, 'Amounts are now shown in EUR.');
    await expect(currency).toHaveValue('');

    const stale = page.getByLabel('Warn after this many days without activity');
    const before = await stale.inputValue();
    await stale.fill('45');
    await page.getByRole('button', { name: 'Save warnings' }).click();
    await undoByButton(page, 'Deal warnings saved: after 45 days without activity');
    await expect(stale).toHaveValue(before);
    expect((await invoke(request, callscope, 'getPreferences', {})).dealWarnings).toMatchObject({
      staleDays: Number(before),
    });
  });

  test('what changed: review done undone with Ctrl Z, a saved bookmark with the toast’s Undo, a removed one with Ctrl Z', async ({
    page,
    request,
    callscope,
  }) => {
    await upToDate(request, callscope);
    await openScreen(page, callscope, '/changes');
    await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
    const lastLook = async () => (await invoke(request, callscope, 'listBookmarks', {})).lastLook;
    const before = await lastLook();
    await page.getByRole('button', { name: 'Mark review done' }).click();
    await expect.poll(lastLook).not.toEqual(before);
    await undoByKey(page, /^Review marked done/);
    await expect.poll(async () => (await lastLook()) as unknown).toEqual(before);

    const named = async () =>
      ((await invoke(request, callscope, 'listBookmarks', {})).named as { name: string }[]).map((b) => b.name);
    const save = async (name: string) => {
      await page.getByRole('button', { name: 'Save a bookmark…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save a bookmark' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Save bookmark' }).click();
      await expect(dialog).toBeHidden();
    };
    await save('Board meeting');
    await undoByButton(page, 'Bookmark “Board meeting” saved.');
    await expect.poll(named).toEqual([]);

    await save('Forecast call');
    const since = page.getByRole('combobox', { name: 'Since', exact: true });
    await since.selectOption((await since.locator('option', { hasText: 'Forecast call' }).getAttribute('value'))!);
    await page.getByRole('button', { name: 'Remove this bookmark' }).click();
    await expect.poll(named).toEqual([]);
    await undoByKey(page, 'Bookmark “Forecast call” removed.');
    await expect.poll(named).toEqual(['Forecast call']);
    await expect(since.locator('option:checked')).toHaveText(/^Forecast call/);
  });
});
