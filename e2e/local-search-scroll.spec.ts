import type { ServedVideo } from '../src/shared/api/served';
import { callResults, status } from './local-search-helpers';
import { demoOrg, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Its own worker (behind the pass-through proxy): the calls this test ingests would be in every
// later spec's workspace, where local search counts the lines of the calls seen.
test.use({ serviceVariant: 'as-is', backgroundSync: true });

/** Calls the first answer lists (`FIRST_CALLS`): more must have a hit for the list to load the rest. */
const FIRST_ANSWER_CALLS = 6;

test.describe('a long list of local search results', () => {
  test('the first answer lists a screenful of calls; scrolling to the end of the list brings the rest', async ({
    page,
    callscope,
  }) => {
    const ready = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
    const ingested = await Promise.all(
      Array.from({ length: Math.max(0, FIRST_ANSWER_CALLS + 2 - ready.length) }, async () =>
        (await callscope.serviceCli(['ingest', '--org', demoOrg(callscope).id])).trim(),
      ),
    );
    for (const videoId of ingested) {
      await expect
        .poll(async () => (await serviceGet<{ data: ServedVideo }>(callscope, `/v1/videos/${videoId}`)).data.status, {
          timeout: 30_000,
        })
        .toBe('READY');
    }
    // The workspace syncs since it opened: once its round is done, a new one (Pause, Resume) brings
    // the calls ingested since its walk.
    await openScreen(page, callscope, '/settings');
    const localCopy = page.getByRole('region', { name: 'Local copy' });
    await expect(localCopy.getByText('Up to date')).toBeVisible({ timeout: 60_000 });
    const total = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data.length;
    await localCopy.getByRole('button', { name: 'Pause sync' }).click();
    await localCopy.getByRole('button', { name: 'Resume sync' }).click();
    await expect(localCopy.getByText(`${total} of ${total} stored`)).toBeVisible({ timeout: 60_000 });
    await expect(localCopy.getByText('Up to date')).toBeVisible({ timeout: 60_000 });

    await openScreen(page, callscope, '/search?q=the&mode=whole-word');
    await expect(status(page)).toHaveText(/^[\d,]+ lines in \d+ calls$/);
    const calls = Number(/in (\d+) calls/.exec((await status(page).textContent()) ?? '')![1]);
    expect(calls).toBeGreaterThan(FIRST_ANSWER_CALLS);
    await expect(callResults(page)).toHaveCount(FIRST_ANSWER_CALLS);
    await callResults(page).last().scrollIntoViewIfNeeded();
    await expect(callResults(page)).toHaveCount(calls);
    await expect(page.getByRole('button', { name: 'Show more calls' })).toHaveCount(0);
    // Each call once, in order: newest first.
    const dates = await callResults(page)
      .locator('.local-search-call-head > .muted')
      .evaluateAll((spans) => spans.map((span) => Date.parse(span.textContent!.split(' · ')[0]!)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const listed = await callResults(page)
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(listed).size).toBe(calls);
  });
});
