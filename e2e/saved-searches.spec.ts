import type { Page } from '@playwright/test';
import { demoOrg, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Checked every half second here; the app checks every few minutes.
test.use({ savedSearchCheckEveryMs: 500 });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search transcripts' });
const box = (page: Page) => palette(page).getByRole('combobox', { name: 'Search every transcript' });
const savedGroup = (page: Page) => palette(page).getByRole('group', { name: 'Saved searches' });

test.describe('saved searches', () => {
  test('save a search from the keyboard, see "N new" when a matching call arrives, run it, delete it', async ({
    page,
    callscope,
  }) => {
    await openScreen(page, callscope, '/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await page.keyboard.press('/');
    await page.keyboard.type('e');
    await expect(
      palette(page).getByRole('listbox', { name: 'Matching lines' }).getByRole('option').first(),
    ).toBeVisible();

    await page.keyboard.press('Control+s');
    const name = palette(page).getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('e');
    await name.fill('Any line with an e');
    await page.keyboard.press('Enter');
    await expect(name).toBeHidden();
    await expect(box(page)).toBeFocused();

    await box(page).fill('');
    const savedOption = savedGroup(page).getByRole('option', { name: /Any line with an e/ });
    await expect(savedOption).toContainText('“e”');
    await expect(savedOption).not.toContainText('new');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    const newCall = (await callscope.serviceCli(['ingest', '--org', demoOrg(callscope).id])).trim();
    await expect
      .poll(
        async () => (await serviceGet<{ data: { status: string } }>(callscope, `/v1/videos/${newCall}`)).data.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('READY');
    const inNewCall = await serviceGet<{ meta: { total_matches: number } }>(
      callscope,
      `/v1/search/transcripts?q=e&video_id=${newCall}&limit=100`,
    );
    const expected = Math.min(inNewCall.meta.total_matches, 100);
    expect(expected).toBeGreaterThan(0);
    const shownCount = `${expected}${inNewCall.meta.total_matches > 100 ? '+' : ''}`;

    // The top bar's palette button carries the saved searches' news (transcript search is its first row).
    const searchButton = page.getByRole('button', { name: /Go to, search or do/ });
    await expect(searchButton).toContainText(`${shownCount} new`, { timeout: 15_000 });
    await expect(page).toHaveTitle(`(${shownCount}) Callscope`);

    // The box was left empty: the palette opens on the saved and recent searches.
    await page.keyboard.press('/');
    await expect(box(page)).toHaveValue('');
    await expect(savedOption).toContainText(`${shownCount} new`);
    await expect(savedOption).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(box(page)).toHaveValue('e');
    // Its first result is the newest call's: the one that came in.
    const first = palette(page).getByRole('listbox', { name: 'Matching lines' }).getByRole('option').first();
    await expect(first).toBeVisible();
    await expect(searchButton).not.toContainText('new');
    await expect(page).toHaveTitle('Callscope');

    await box(page).fill('');
    await expect(savedOption).not.toContainText('new');
    await page.keyboard.press('Delete');
    await expect(savedGroup(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('a saved search run from / gives the Search screen’s answer for its text and deal', async ({
    page,
    callscope,
  }) => {
    const deals = (await serviceGet<{ data: { id: string; title: string }[] }>(callscope, '/v1/deals?limit=100')).data;
    const lines = (
      await serviceGet<{ data: { deal_id?: string }[] }>(callscope, '/v1/search/transcripts?q=e&limit=100')
    ).data;
    const deal = deals.find((candidate) => lines.some((line) => line.deal_id === candidate.id))!;
    await openScreen(page, callscope, '/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await page.keyboard.press('/');
    await page.keyboard.type('e');
    await palette(page).getByLabel('Deal').selectOption(deal.id);
    await page.keyboard.press('Control+s');
    await palette(page).getByRole('textbox', { name: 'Name' }).fill('An e in one deal');
    await page.keyboard.press('Enter');
    await box(page).fill('');
    await palette(page).getByLabel('Deal').selectOption('');
    await savedGroup(page)
      .getByRole('option', { name: /An e in one deal/ })
      .click();
    await expect(box(page)).toHaveValue('e');
    await expect(palette(page).getByLabel('Deal')).toHaveValue(deal.id);
    const count = palette(page).getByText(/^\d+ lines? in \d+ calls?$/);
    await expect(count).toBeVisible();
    await expect(palette(page).getByRole('listbox', { name: 'Matching lines' })).toHaveAttribute('aria-busy', 'false');
    const paletteCount = await count.textContent();
    const paletteCalls = await palette(page)
      .getByRole('listbox', { name: 'Matching lines' })
      .locator('.found-call-head .hit-title')
      .allTextContents();
    expect(paletteCalls.length).toBeGreaterThan(0);

    await palette(page).getByRole('button', { name: 'Search with filters' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /lines? in/ })).toHaveText(paletteCount!);
    const screenCalls = page.getByRole('region', { name: 'By call' }).getByRole('article').getByRole('heading');
    await expect(screenCalls).toHaveText(paletteCalls);

    // The Search screen's own box has the focus: out of it, `/` opens the palette again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await box(page).fill('');
    await expect(savedGroup(page).getByRole('option', { name: /An e in one deal/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Delete');
    await expect(savedGroup(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
});
