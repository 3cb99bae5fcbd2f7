import type { ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { demoOrg, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Its own worker (behind the pass-through proxy): the call this test ingests and opens would be in
// every later spec's workspace, where local search counts the lines of the calls seen.
test.use({ serviceVariant: 'as-is' });

const currentSegment = (page: import('@playwright/test').Page) =>
  page.locator('[data-segment-id][aria-current="true"]');

/** Whether a transcript line is inside what its scroller shows (the scroller itself may be below the page's fold). */
const shownInTranscript = (line: import('@playwright/test').Locator) =>
  line.evaluate((row) => {
    // A row re-rendered away while it was being found is no longer in any scroller.
    const view = row.closest('.transcript-scroll')?.getBoundingClientRect();
    if (!view) return false;
    const box = row.getBoundingClientRect();
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });

test.describe('a long transcript', () => {
  test('a transcript longer than its view renders the lines near it, and keys and find reach the rest', async ({
    page,
    callscope,
  }) => {
    const videoId = (await callscope.serviceCli(['ingest', '--org', demoOrg(callscope).id])).trim();
    await expect
      .poll(async () => (await serviceGet<{ data: ServedVideo }>(callscope, `/v1/videos/${videoId}`)).data.status, {
        timeout: 20_000,
      })
      .toBe('READY');
    const transcript = (
      await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${videoId}/transcript`)
    ).data;
    await openScreen(page, callscope, `/calls/${videoId}`);
    const rows = page.locator('[data-segment-id]');
    await expect(rows.first()).toHaveAttribute('data-segment-id', transcript[0]!.id);
    await expect(rows.first()).toHaveAttribute('aria-setsize', String(transcript.length));
    expect(await rows.count()).toBeLessThan(transcript.length);

    // Keyboard scrolling of the transcript region brings the last line, then the first, into view.
    const region = page.getByRole('region', { name: `Transcript, ${transcript.length} segments` });
    await region.focus();
    await page.keyboard.press('End');
    await expect.poll(() => shownInTranscript(rows.last())).toBe(true);
    await expect(rows.last()).toHaveAttribute('data-segment-id', transcript.at(-1)!.id);
    await page.keyboard.press('Home');
    await expect.poll(() => shownInTranscript(rows.first())).toBe(true);
    await expect(rows.first()).toHaveAttribute('data-segment-id', transcript[0]!.id);

    // Find jumps from the top to a line far below it: current, in view and marked.
    const said = (segment: ServedTranscriptSegment) => segment.text.toLowerCase();
    const target = transcript
      .slice(transcript.length - 10)
      .find((segment) => transcript.filter((other) => said(other).includes(said(segment))).length === 1)!;
    await page.getByRole('searchbox', { name: 'Find in transcript' }).fill(target.text);
    await page.getByRole('searchbox', { name: 'Find in transcript' }).press('Enter');
    await expect(currentSegment(page)).toHaveAttribute('data-segment-id', target.id);
    await expect(currentSegment(page)).toBeInViewport();
    expect(await shownInTranscript(currentSegment(page))).toBe(true);
    await expect(currentSegment(page).locator('mark')).toHaveText(target.text);
  });
});
