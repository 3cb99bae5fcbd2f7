import type { ServedDeal, ServedSearchSegment, ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { addWorkspace, issueKey, openScreen, reopenDemo, serviceGet } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';
import { expect, test } from './support/fixtures';

type SearchResponse = { data: ServedSearchSegment[]; meta: { total_matches: number; truncated: boolean } };

/** A word said in more than one segment, so there is a second result to move to. */
async function distinctiveWord(callscope: CallscopeApp): Promise<{ word: string; hits: ServedSearchSegment[] }> {
  const videos = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=5')).data;
  for (const video of videos) {
    const transcript = (
      await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${video.id}/transcript`)
    ).data;
    const words = transcript.flatMap((segment) => segment.text.match(/\p{L}{7,}/gu) ?? []);
    for (const word of words) {
      const found = await serviceGet<SearchResponse>(callscope, `/v1/search/transcripts?q=${encodeURIComponent(word)}`);
      if (found.data.length >= 2 && !found.meta.truncated) return { word, hits: found.data };
    }
  }
  throw new Error('no word found in two segments');
}

const palette = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Search transcripts' });
/** The result rows (the filter pickers' <option>s are options too). */
const results = (page: import('@playwright/test').Page) => palette(page).getByRole('listbox').getByRole('option');

test.describe('transcript search', () => {
  test('keyboard only: Ctrl+K, type, arrow down, Enter opens the call at the highlighted segment', async ({
    page,
    callscope,
  }) => {
    const { word, hits } = await distinctiveWord(callscope);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();

    await page.keyboard.press('/');
    await expect(palette(page)).toBeVisible();
    const box = palette(page).getByRole('combobox', { name: 'Search every transcript' });
    await expect(box).toBeFocused();
    await page.keyboard.type(word);
    await expect(palette(page).getByText(`${hits.length} matches`, { exact: true })).toBeVisible();
    const options = results(page);
    await expect(options).toHaveCount(hits.length);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(options.first().locator('mark').first()).toHaveText(new RegExp(word, 'i'));

    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('Enter');

    const target = hits[1]!;
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/calls/${target.video_id}\\?segment=${target.id}`));
    const segment = page.locator(`[data-segment-id="${target.id}"]`);
    await expect(segment).toHaveAttribute('aria-current', 'true');
    await expect(segment).toBeInViewport();
    await expect(segment.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  });

  test('a click on a result opens its call at that segment, marked with the text in the box', async ({
    page,
    callscope,
  }) => {
    const { word, hits } = await distinctiveWord(callscope);
    await openScreen(page, callscope, '/deals');
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(palette(page).getByText(`${hits.length} matches`, { exact: true })).toBeVisible();
    await results(page).nth(1).click();

    const target = hits[1]!;
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/calls/${target.video_id}\\?segment=${target.id}`));
    await expect(page.locator(`[data-segment-id="${target.id}"] mark`).first()).toHaveText(new RegExp(word, 'i'));
  });

  test('Enter pressed before the new text has results waits for them and opens its first, never an older one', async ({
    page,
    callscope,
  }) => {
    const earlier = await serviceGet<SearchResponse>(callscope, '/v1/search/transcripts?q=e');
    const { word, hits } = await distinctiveWord(callscope);
    const target = hits[0]!;
    // The newer text's answer is held back, as a slow service would, so Enter comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/bridge/invoke', async (route) => {
      const body = route.request().postDataJSON() as { op: string; params: { q?: string } };
      if (body.op === 'searchTranscripts' && body.params.q === word) await held;
      await route.continue();
    });
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await page.keyboard.press('/');
    const box = palette(page).getByRole('combobox', { name: 'Search every transcript' });
    await page.keyboard.type('e');
    await expect(palette(page).getByText(`of ${earlier.meta.total_matches} matches`)).toBeVisible();

    await box.fill(word);
    await page.keyboard.press('Enter');
    await expect(palette(page).getByText('Searching…')).toBeVisible();
    await expect(palette(page).getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    await expect(palette(page)).toBeVisible();
    release();

    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/calls/${target.video_id}\\?segment=${target.id}`));
    const segment = page.locator(`[data-segment-id="${target.id}"]`);
    await expect(segment).toHaveAttribute('aria-current', 'true');
    await expect(segment.locator('mark').first()).toHaveText(new RegExp(`^${word}$`, 'i'));
  });

  test('slash opens search, Esc closes it, and the last search is remembered', async ({ page, callscope }) => {
    const { word } = await distinctiveWord(callscope);
    await openScreen(page, callscope, '/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await page.keyboard.press('/');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.type(word);
    await expect(results(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/calls\//);

    await page.keyboard.press('/');
    const box = palette(page).getByRole('combobox', { name: 'Search every transcript' });
    await box.fill('');
    await expect(palette(page).getByRole('group', { name: 'Recent searches' }).getByRole('option')).toContainText([
      word,
    ]);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });

  test('recent searches belong to the workspace they were made in', async ({ page, request, callscope }) => {
    const { word } = await distinctiveWord(callscope);
    const recent = () => palette(page).getByRole('group', { name: 'Recent searches' }).getByRole('option');
    await openScreen(page, callscope, '/team');
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(results(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/calls\//);
    try {
      await addWorkspace(page, callscope, 'Apart', await issueKey(callscope));
      await page.keyboard.press('/');
      await expect(palette(page)).toBeVisible();
      await expect(palette(page).getByText('Type to search.', { exact: false })).toBeVisible();
      await expect(recent()).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'Demo workspace' });
      await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText(
        'Demo workspace',
      );
      await page.keyboard.press('/');
      await expect(recent()).toContainText([word]);
    } finally {
      await reopenDemo(request, callscope);
    }
  });

  test('says how many match in all, dates every result, and Show more loads the rest, up to 100', async ({
    page,
    callscope,
  }) => {
    const found = await serviceGet<SearchResponse>(callscope, '/v1/search/transcripts?q=e&limit=100');
    const total = found.meta.total_matches;
    // The test workspace has fewer than 100 matches in all, so Show more brings every one.
    expect(total).toBeGreaterThan(25);
    expect(found.data).toHaveLength(total);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await page.keyboard.press('/');
    await page.keyboard.type('e');
    await expect(palette(page).getByText(`25 of ${total} matches`, { exact: true })).toBeVisible();
    await expect(results(page)).toHaveCount(25);
    await expect(results(page).locator('.call-date', { hasText: /\d{4}/ })).toHaveCount(25);

    await palette(page)
      .getByRole('button', { name: /Show more/ })
      .click();
    await expect(results(page)).toHaveCount(total);
    await expect(palette(page).getByText(`${total} matches`, { exact: true })).toBeVisible();
    await expect(palette(page).getByRole('button', { name: /Show more/ })).toHaveCount(0);
    await expect(results(page).locator('.call-date', { hasText: /\d{4}/ })).toHaveCount(total);
    await expect(results(page).last().locator('.hit-text')).toHaveText(found.data[total - 1]!.text);
  });

  test('filters by call', async ({ page, callscope }) => {
    const { word, hits } = await distinctiveWord(callscope);
    const call = hits[0]!;
    const inCall = hits.filter((hit) => hit.video_id === call.video_id);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(results(page)).toHaveCount(hits.length);
    await palette(page).getByLabel('Call').selectOption(call.video_id);
    await expect(results(page)).toHaveCount(inCall.length);
    await expect(
      palette(page).getByText(`${inCall.length} ${inCall.length === 1 ? 'match' : 'matches'}`),
    ).toBeVisible();
  });

  test('filters by deal', async ({ page, callscope }) => {
    const { word, hits } = await distinctiveWord(callscope);
    const choices = new Set(
      (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data.map((deal) => deal.id),
    );
    const dealId = hits.find((hit) => hit.deal_id && choices.has(hit.deal_id))?.deal_id;
    test.skip(!dealId, 'no match belongs to a deal');
    const inDeal = hits.filter((hit) => hit.deal_id === dealId);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(results(page)).toHaveCount(hits.length);
    await palette(page).getByLabel('Deal').selectOption(dealId!);
    await expect(results(page)).toHaveCount(inDeal.length);
  });

  test('? lists every shortcut', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Search every transcript');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
});
