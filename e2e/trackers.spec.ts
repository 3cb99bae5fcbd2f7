import type { Page } from '@playwright/test';
import type { ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { expectAccessible, openScreen, serviceGet } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app's background sync fills the copy the tracker reads.
test.use({ backgroundSync: true, timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

/** Per call, the seller-side lines that say one of the phrases, from the service's own answers. */
async function sellerMentions(callscope: CallscopeApp, phrases: RegExp): Promise<Map<string, number>> {
  const calls: ServedVideo[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: ServedVideo[]; meta: { next_cursor: string | null } } = await serviceGet(
      callscope,
      `/v1/videos?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    calls.push(...page.data);
    cursor = page.meta.next_cursor;
  } while (cursor);
  const mentions = new Map<string, number>();
  for (const call of calls) {
    const transcript = await serviceGet<{ data?: ServedTranscriptSegment[] }>(
      callscope,
      `/v1/videos/${call.id}/transcript`,
    );
    const said = (transcript.data ?? []).filter((line) => line.speaker_role === 'SELLER' && phrases.test(line.text));
    if (said.length > 0) mentions.set(call.id, said.length);
  }
  return mentions;
}

async function syncedApp(page: Page, callscope: CallscopeApp): Promise<void> {
  await openScreen(page, callscope, '/settings');
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 120_000,
  });
}

test('a tracker defined by keyboard counts the seller’s mentions of every call, and Enter opens a hit at its line', async ({
  page,
  callscope,
}) => {
  const expected = await sellerMentions(callscope, /security (pack|documentation)/i);
  expect(expected.size).toBeGreaterThan(0);
  await syncedApp(page, callscope);

  await page.keyboard.press('g');
  await page.keyboard.press('x');
  await expect(page.getByRole('heading', { level: 1, name: 'Trackers' })).toBeVisible();
  await page.keyboard.press('a');
  const form = page.getByRole('dialog', { name: 'Add a tracker' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Security');
  await page.keyboard.press('Tab');
  // Marks an FTS5 query would read as operators are read as words.
  await page.keyboard.type('"security pack"*\nsecurity documentation');
  await form.getByRole('radio', { name: 'The seller side' }).check();
  await form.getByRole('button', { name: 'Add tracker' }).press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByText('Tracker “Security” added.')).toBeVisible();

  const view = page.getByRole('region', { name: 'Security' });
  await expect(view.getByText(/calls (is|are) searched here/)).toBeVisible();
  const byRep = view.getByRole('table', { name: 'By rep' });
  const calls = [...expected.values()];
  const total = calls.reduce((sum, count) => sum + count, 0);
  const counted = async () =>
    (
      await byRep
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]!.textContent))
    )
      .map(Number)
      .reduce((sum, count) => sum + count, 0);
  await expect.poll(counted).toBe(total);
  const byWeek = view.getByRole('table', { name: 'By week' });
  await expect(byWeek).toBeVisible();
  await expectAccessible(page);

  // j steps from the trackers to the rows; Enter on the first rep lists their hits.
  const firstRep = byRep.getByRole('link').first();
  for (let step = 0; step < 10 && !(await firstRep.evaluate((link) => link === document.activeElement)); step++) {
    await page.keyboard.press('j');
  }
  await expect(firstRep).toBeFocused();
  const repName = (await firstRep.textContent())!;
  await page.keyboard.press('Enter');
  const hits = page.getByRole('region', { name: new RegExp(repName) });
  await expect(hits).toBeFocused();
  const quote = hits
    .getByRole('list', { name: /^Mentions in / })
    .first()
    .getByRole('link')
    .first();
  await expect(quote).toBeVisible();
  await expect(quote).toContainText(/security (pack|documentation)/i);
  await page.keyboard.press('j');
  await expect(quote).toBeFocused();
  const said = (await quote.textContent())!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/calls\/[^?]+\?segment=/);
  const line = page.locator('[data-segment-id][aria-current="true"]');
  await expect(line).toBeVisible();
  await expect(line).toContainText(said.slice(said.indexOf('“') + 1, said.lastIndexOf('”')));
});

test('a tracker is edited and removed by keyboard, each undone with Ctrl Z, and kept across a reload', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/coaching/trackers');
  const view = page.getByRole('region', { name: 'Security' });
  await expect(view).toBeVisible();

  await page.keyboard.press('e');
  const form = page.getByRole('dialog', { name: 'Edit “Security”' });
  await form.getByLabel('Phrases, one a line').fill('budget');
  await form.getByRole('button', { name: 'Save tracker' }).press('Enter');
  await expect(page.getByText('Tracker “Security” changed.')).toBeVisible();
  await expect(view.getByText('“budget” in the seller side’s lines')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(
    view.getByText(/^“"security pack"\*”, “security documentation” in the seller side’s lines/),
  ).toBeVisible();

  await page.keyboard.press('Delete');
  await expect(page.getByText('Tracker “Security” removed.')).toBeVisible();
  await expect(page.getByText('No tracker yet')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(view).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Trackers' }).getByRole('link', { name: /Security/ }),
  ).toBeVisible();
  await page.keyboard.press('?');
  await expect(
    page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Go to Trackers (coaching)'),
  ).toBeVisible();
});
