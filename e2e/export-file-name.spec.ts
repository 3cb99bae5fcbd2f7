import type { ServedVideo } from '../src/shared/api/served';
import { demoOrg, exportAs, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Its own worker (behind the pass-through proxy): the call this test ingests would be in every
// later spec's workspace. A file is dated by the reader's calendar day; UTC makes it created_at's.
test.use({ serviceVariant: 'as-is', timezoneId: 'UTC' });

test('a call whose title hides characters downloads under a name without them', async ({ page, callscope }) => {
  // U+202E would show the rest of the name backwards; U+0085 is a C1 line break.
  const title = 'Q3 \u202Eexe.txt\u202C review\u200B\u2066 plan\u0085final\uFEFF';
  const videoId = (await callscope.serviceCli(['ingest', '--org', demoOrg(callscope).id, '--title', title])).trim();
  const video = async () => (await serviceGet<{ data: ServedVideo }>(callscope, `/v1/videos/${videoId}`)).data;
  await expect.poll(async () => (await video()).status, { timeout: 20_000 }).toBe('READY');
  await openScreen(page, callscope, `/calls/${videoId}`);
  await expect(page.locator('[data-segment-id]').first()).toBeVisible();
  await page.keyboard.press('e');
  const { download } = await exportAs(page, 'Transcript as plain text');
  const day = (await video()).created_at.slice(0, 10);
  expect(download.suggestedFilename()).toBe(`Q3 exe.txt review plan final ${day} transcript.txt`);
});
