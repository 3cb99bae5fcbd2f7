import type { Page } from '@playwright/test';
import type { ServedDeal, ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { demoOrg, expectAccessible, openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Every request the app makes passes the proxy, which keeps it as text: no note may be in one.
test.use({ serviceVariant: 'as-is', backgroundSync: true, outageRehearsal: true, timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

const written: string[] = [];

/** Writes a note in the editor `N` opened, and saves it with Ctrl Enter. */
async function writeNote(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('dialog', { name: 'Add a private note' });
  await expect(editor.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  written.push(text);
}

const yourNotes = (page: Page) => page.getByRole('region', { name: 'Your notes' });
const toast = (page: Page) => page.locator('.toast-region');

async function pressOn(page: Page, name: RegExp): Promise<void> {
  await yourNotes(page).getByRole('button', { name }).first().focus();
  await page.keyboard.press('Enter');
}

test('N on a deal adds a private note; edits and removals apply at once and Ctrl Z undoes them', async ({
  page,
  callscope,
}) => {
  const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=1')).data[0]!;
  await openScreen(page, callscope, `/deals/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title ?? 'Untitled deal' })).toBeVisible();

  await page.keyboard.press('n');
  await writeNote(page, 'Quillon: the champion leaves in January, find a second sponsor');
  await expect(yourNotes(page).getByText('Quillon: the champion leaves in January')).toBeVisible();
  await expect(toast(page)).toContainText('Note added.');

  await pressOn(page, /^Edit note/);
  const editor = page.getByRole('dialog', { name: 'Change note' });
  await expect(editor.getByRole('textbox', { name: 'Note' })).toHaveValue(/^Quillon: the champion/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Quillon: budget moved to Q2, champion stays');
  await page.keyboard.press('Control+Enter');
  written.push('Quillon: budget moved to Q2, champion stays');
  await expect(yourNotes(page).getByText('Quillon: budget moved to Q2, champion stays')).toBeVisible();
  await expect(toast(page)).toContainText('Note changed.');
  await page.keyboard.press('Control+z');
  await expect(yourNotes(page).getByText('Quillon: the champion leaves in January')).toBeVisible();
  await expect(yourNotes(page).getByText('budget moved to Q2')).toHaveCount(0);

  await pressOn(page, /^Remove note/);
  await expect(yourNotes(page).getByText('Quillon:')).toHaveCount(0);
  await expect(toast(page)).toContainText('Note removed.');
  await page.keyboard.press('Control+z');
  await expect(yourNotes(page).getByText('Quillon: the champion leaves in January')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/notes29-deal-notes.png', fullPage: true });
});

test('N on a marked transcript line notes it beside the line; Search lists it under “Your notes” and opens it', async ({
  page,
  callscope,
}) => {
  const call = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=1')).data[0]!;
  const lines = (await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${call.id}/transcript`))
    .data;
  const line = lines[Math.min(3, lines.length - 1)]!;
  await openScreen(page, callscope, `/calls/${call.id}?segment=${line.id}`);
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  const marked = page.locator(`li[data-segment-id="${line.id}"]`);
  await expect(marked).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('n');
  await writeNote(page, 'Marrowgate: he dodged the pricing question here, ask again');
  await expect(marked.locator('.segment-note')).toContainText('Marrowgate: he dodged the pricing question');
  await expect(yourNotes(page).getByRole('link', { name: /^Line at / })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/notes29-call-notes.png' });

  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await expect(page.getByRole('searchbox', { name: 'Search for' })).toBeFocused();
  await page.keyboard.type('marrowgate');
  const found = yourNotes(page);
  await expect(found.getByText('Marrowgate: he dodged the pricing question here, ask again')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/notes29-search-notes.png' });
  await found.getByRole('link', { name: new RegExp(`^Line at .* of ${escaped(call.title!)}$`) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.locator(`li[data-segment-id="${line.id}"]`)).toHaveAttribute('aria-current', 'true');
});

test('N on a rep’s page works offline, and no request the app made carried a note', async ({ page, callscope }) => {
  const rep = demoOrg(callscope).members[0]!;
  await openScreen(page, callscope, `/team/${rep.id}`);
  await expect(yourNotes(page)).toBeVisible();
  await whileServiceStopped(callscope, async () => {
    await page.reload();
    await expect(yourNotes(page)).toBeVisible();
    await page.keyboard.press('n');
    await writeNote(page, 'Tamberlane: coach on discovery questions, not the demo');
    await expect(yourNotes(page).getByText('Tamberlane: coach on discovery questions')).toBeVisible();
  });
  await expectAccessible(page);

  const sent = callscope.requestsSent();
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((request) => written.some((text) => request.includes(text)))).toEqual([]);
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
