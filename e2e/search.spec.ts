import type { ServedDeal, ServedSearchSegment, ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import type { LocalSearchResult } from '../src/shared/bridge';
import { addWorkspace, issueKey, openScreen, reopenDemo, serviceGet } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';
import { expect, test } from './support/fixtures';

type SearchResponse = { data: ServedSearchSegment[]; meta: { total_matches: number; truncated: boolean } };

/**
 * A word said in more than one line, each time as a word or a word's start (as the search matches
 * it), and in at most three lines a call, so the palette lists every line under its call.
 */
async function distinctiveWord(
  callscope: CallscopeApp,
): Promise<{ word: string; hits: ServedSearchSegment[]; calls: number }> {
  const videos = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=5')).data;
  for (const video of videos) {
    const transcript = (
      await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${video.id}/transcript`)
    ).data;
    const words = transcript.flatMap((segment) => segment.text.match(/\p{L}{7,}/gu) ?? []);
    for (const word of words) {
      const found = await serviceGet<SearchResponse>(callscope, `/v1/search/transcripts?q=${encodeURIComponent(word)}`);
      const startsAWord = new RegExp(`(?<![\\p{L}\\p{N}])${word}`, 'iu');
      const perCall = new Map<string, number>();
      for (const hit of found.data) perCall.set(hit.video_id, (perCall.get(hit.video_id) ?? 0) + 1);
      if (
        found.data.length >= 2 &&
        !found.meta.truncated &&
        found.data.every((hit) => startsAWord.test(hit.text)) &&
        [...perCall.values()].every((count) => count <= 3)
      ) {
        return { word, hits: found.data, calls: perCall.size };
      }
    }
  }
  throw new Error('no word found in two lines');
}

/** "3 lines in 2 calls", as the palette and the Search screen count what was found. */
const found = (lines: number, calls: number) =>
  `${lines} ${lines === 1 ? 'line' : 'lines'} in ${calls} ${calls === 1 ? 'call' : 'calls'}`;

const palette = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Search transcripts' });
/** The result rows (the filter pickers' <option>s are options too). */
/** `/` as a person uses it: they type once the box is there to take the keys. */
async function openSearch(page: import('@playwright/test').Page): Promise<void> {
  await page.keyboard.press('/');
  await expect(palette(page).getByRole('combobox', { name: 'Search every transcript' })).toBeFocused();
}

const results = (page: import('@playwright/test').Page) => palette(page).getByRole('listbox').getByRole('option');
/** The bridge's search, as the palette and the Search screen ask it (the words mode, newest first). */
async function searchLocal(
  request: import('@playwright/test').APIRequestContext,
  callscope: CallscopeApp,
  params: { q: string; limit?: number; dealId?: string; videoId?: string },
): Promise<LocalSearchResult> {
  const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op: 'searchLocal', params: { mode: 'words', order: 'newest', ...params } },
  });
  const answer = (await response.json()) as { ok: true; value: LocalSearchResult };
  expect(answer.ok).toBe(true);
  return answer.value;
}

/** The service's hit a row of the palette shows: the local copy's calls are listed before the service's. */
async function hitShownAt(
  page: import('@playwright/test').Page,
  hits: ServedSearchSegment[],
  row: number,
): Promise<ServedSearchSegment> {
  const text = await results(page).nth(row).locator('.hit-text').textContent();
  const hit = hits.find((candidate) => candidate.text === text);
  if (!hit) throw new Error(`no hit reads ${text}`);
  return hit;
}

test.describe('transcript search', () => {
  test('keyboard only: Ctrl+K, type, arrow down, Enter opens the call at the highlighted segment', async ({
    page,
    callscope,
  }) => {
    const { word, hits, calls } = await distinctiveWord(callscope);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();

    await page.keyboard.press('/');
    await expect(palette(page)).toBeVisible();
    const box = palette(page).getByRole('combobox', { name: 'Search every transcript' });
    await expect(box).toBeFocused();
    await page.keyboard.type(word);
    await expect(palette(page).getByText(found(hits.length, calls), { exact: true })).toBeVisible();
    const options = results(page);
    await expect(options).toHaveCount(hits.length);
    // Each line under its call, every call of the word once.
    await expect(palette(page).getByRole('listbox').getByRole('group')).toHaveCount(calls);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(options.first().locator('mark').first()).toHaveText(new RegExp(word, 'i'));

    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    const target = await hitShownAt(page, hits, 1);
    await page.keyboard.press('Enter');

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
    const { word, hits, calls } = await distinctiveWord(callscope);
    await openScreen(page, callscope, '/deals');
    await openSearch(page);
    await page.keyboard.type(word);
    await expect(palette(page).getByText(found(hits.length, calls), { exact: true })).toBeVisible();
    const target = await hitShownAt(page, hits, 1);
    await results(page).nth(1).click();

    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/calls/${target.video_id}\\?segment=${target.id}`));
    await expect(page.locator(`[data-segment-id="${target.id}"] mark`).first()).toHaveText(new RegExp(word, 'i'));
  });

  test('Enter pressed before the new text has results waits for them and opens its first, never an older one', async ({
    page,
    request,
    callscope,
  }) => {
    const { word } = await distinctiveWord(callscope);
    // Its first row: the engine's first call, the copy's before the service's.
    const first = (await searchLocal(request, callscope, { q: word })).calls[0]!;
    const target = { video_id: first.videoId, id: first.hits[0]!.segmentId };
    // The newer text's answer is held back, as a slow service would, so Enter comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/bridge/invoke', async (route) => {
      const body = route.request().postDataJSON() as { op: string; params: { q?: string } };
      if (body.op === 'searchLocal' && body.params.q === word) await held;
      await route.continue();
    });
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await page.keyboard.press('/');
    const box = palette(page).getByRole('combobox', { name: 'Search every transcript' });
    await page.keyboard.type('e');
    await expect(palette(page).getByText(/^\d+ lines? in \d+ calls?$/)).toBeVisible();

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
    await openSearch(page);
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

  test('gives the Search screen’s answer: its count, each call dated, and what the copy and the service covered', async ({
    page,
    request,
    callscope,
  }) => {
    const expected = await searchLocal(request, callscope, { q: 'e', limit: 6 });
    expect(expected.complete).toBe(true);
    // The copy's calls, and the service's once no page of the copy's is left, as the Search screen lists them.
    const listed = expected.calls.filter((call) => call.source === 'replica' || expected.nextOffset === null);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await openSearch(page);
    await page.keyboard.type('e');
    const count = found(expected.totalHits, expected.callCount);
    await expect(palette(page).getByText(count, { exact: true })).toBeVisible();
    await expect(palette(page).getByText(expected.coverage.note!, { exact: true })).toBeVisible();
    const calls = palette(page).getByRole('listbox').getByRole('group');
    await expect(calls).toHaveCount(listed.length);
    await expect(palette(page).locator('.found-call-head .call-date', { hasText: /\d{4}/ })).toHaveCount(listed.length);
    await expect(results(page)).toHaveCount(listed.reduce((sum, call) => sum + call.hits.length, 0));

    await palette(page).getByRole('button', { name: 'Search with filters' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: count })).toHaveText(count);
  });

  test('filters by call', async ({ page, callscope }) => {
    const { word, hits } = await distinctiveWord(callscope);
    const call = hits[0]!;
    const inCall = hits.filter((hit) => hit.video_id === call.video_id);
    await openScreen(page, callscope, '/deals');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await openSearch(page);
    await page.keyboard.type(word);
    await expect(results(page)).toHaveCount(hits.length);
    await palette(page).getByLabel('Call').selectOption(call.video_id);
    await expect(results(page)).toHaveCount(inCall.length);
    await expect(palette(page).getByText(found(inCall.length, 1), { exact: true })).toBeVisible();
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
    await openSearch(page);
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
