import { callResults, distinctiveWord, everyLine, searchBox, status } from './local-search-helpers';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('search with filters, sync off: calls not in the local index come from the service', () => {
  test('g f opens the screen; typing answers, the coverage note says what the service added; a hit opens its line; Back returns', async ({
    page,
    callscope,
  }) => {
    const lines = await everyLine(callscope);
    const word = distinctiveWord(lines);
    // Nothing is synced here: the lines come from the service's own search.
    const found = (
      await serviceGet<{ data: { id: string; video_id: string; text: string }[] }>(
        callscope,
        `/v1/search/transcripts?q=${word}&limit=100`,
      )
    ).data;
    const calls = new Set(found.map((hit) => hit.video_id));
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page.locator('.deal-card').first()).toBeVisible();

    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type(word);
    await expect(page).toHaveURL(new RegExp(`#/search\\?q=${word}$`));

    await expect(status(page)).toHaveText(`${found.length} lines in ${calls.size} calls`);
    await expect(page.getByText(/calls (is|are) searched here; \d+ more found by the service/)).toBeVisible();
    await expect(callResults(page)).toHaveCount(calls.size);
    await expect(page.getByText('Found by the service (not synced yet)').first()).toBeVisible();

    const first = found[0]!;
    await page.getByRole('link').filter({ hasText: first.text }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/calls/${first.video_id}\\?segment=${first.id}`));
    await expect(page.locator(`[data-segment-id="${first.id}"]`)).toHaveAttribute('aria-current', 'true');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(status(page)).toHaveText(`${found.length} lines in ${calls.size} calls`);
  });

  test('the address is written once typing pauses: a call opened before that still comes back to the text on Back', async ({
    page,
    callscope,
  }) => {
    const word = distinctiveWord(await everyLine(callscope));
    // A clock the test holds: no pause in the typing has come until the test says so.
    await page.clock.install();
    await openScreen(page, callscope, '/search');
    await expect(searchBox(page)).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await searchBox(page).fill(word);
    // Results reach the screen through zero-delay timers (TanStack Query's notifications among
    // them) queued whenever the answer arrives: step the held clock a millisecond at a time until
    // they show, well short of the 400 ms pause.
    const hit = callResults(page).first().getByRole('link').first();
    for (let held = 0; !(await hit.isVisible()); held += 1) {
      expect(held, 'results came before the typing pause').toBeLessThan(300);
      await page.clock.runFor(1);
      await page.waitForTimeout(25);
    }
    await expect(page).toHaveURL(/#\/search$/);

    await hit.click();
    await page.clock.resume();
    await expect(page).toHaveURL(/#\/calls\//);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`#/search\\?q=${word}$`));
    await expect(searchBox(page)).toHaveValue(word);
  });

  test('Back while typing leaves the search: the text typed is not written over the screen Back went to', async ({
    page,
    callscope,
  }) => {
    await page.clock.install();
    await openScreen(page, callscope, '/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect(searchBox(page)).toBeFocused();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.keyboard.type('pricing');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    // The pause comes, after Back: the entry on view is the calls list's, and stays it.
    await page.clock.runFor(1_000);
    await page.clock.resume();
    await expect(page).toHaveURL(/#\/calls$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
  });

  test('"Search with filters" in the palette opens the screen with the palette text', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search transcripts' });
    await palette.getByRole('combobox', { name: 'Search every transcript' }).fill('pricing');
    await palette.getByRole('button', { name: 'Search with filters' }).click();
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/#\/search\?q=pricing$/);
    await expect(searchBox(page)).toHaveValue('pricing');
    await expect(searchBox(page)).toBeFocused();
  });

  test('the ? sheet lists G then F', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/deals');
    await page.keyboard.press('?');
    await expect(
      page
        .getByRole('dialog', { name: 'Keyboard shortcuts' })
        .getByRole('row', { name: /G\s+then\s+F\s+Go to Search with filters/ }),
    ).toBeVisible();
  });
});
