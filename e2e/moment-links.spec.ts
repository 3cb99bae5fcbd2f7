import { analysedCall } from './other-services/every-screen';
import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

const currentSegment = (page: import('@playwright/test').Page) =>
  page.locator('[data-segment-id][aria-current="true"]');
const clipboardText = (page: import('@playwright/test').Page) => page.evaluate(() => navigator.clipboard.readText());
/** The link's time as the app writes it: the segment's start to the millisecond. */
const linkTo = (callId: string, start: number) => `callscope://call/${callId}?t=${Math.floor(start * 1000) / 1000}`;

test.describe('links to a moment', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('"Copy link" on a transcript line copies a callscope:// link to its moment', async ({ page, callscope }) => {
    const { video, transcript } = await analysedCall(callscope);
    const segment = transcript[2]!;
    await openScreen(page, callscope, `/calls/${video.id}`);
    const row = page.locator(`[data-segment-id="${segment.id}"]`);
    await row.hover();
    await row.getByRole('button', { name: /^Copy link to / }).click();
    await expect(row.getByRole('button', { name: /^Copy link to / })).toHaveText('Copied');
    expect(await clipboardText(page)).toBe(linkTo(video.id, segment.start));
  });

  test('opening a link jumps to its line and marks it; L copies the marked line again', async ({ page, callscope }) => {
    const { video, transcript } = await analysedCall(callscope);
    const segment = transcript[Math.min(30, transcript.length - 1)]!;
    const link = linkTo(video.id, segment.start);
    await page.goto(`${callscope.appUrl}&open=${encodeURIComponent(link)}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await expect(currentSegment(page)).toHaveAttribute('data-segment-id', segment.id);
    await expect(currentSegment(page)).toBeInViewport();
    // The link leaves the address: a reload stays on the call without the parameter.
    expect(new URL(page.url()).searchParams.get('open')).toBeNull();
    expect(new URL(page.url()).hash).toBe(`#/calls/${video.id}?t=${Math.floor(segment.start * 1000) / 1000}`);

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.locator('body').press('l');
    await expect.poll(() => clipboardText(page)).toBe(link);
  });

  test('a link that is not exactly a moment link opens nothing', async ({ page, callscope }) => {
    const { video } = await analysedCall(callscope);
    for (const link of [`callscope://call/${video.id}/../../deals`, `https://example.com/calls/${video.id}`]) {
      await page.goto(`${callscope.appUrl}&open=${encodeURIComponent(link)}`);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      expect(new URL(page.url()).hash).not.toContain(video.id);
      await expect(page.getByRole('heading', { level: 1, name: video.title })).toHaveCount(0);
    }
  });

  test('the shortcut sheet lists the copy-link key', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Copy a link');
  });
});
