import type { APIRequestContext, Page } from '@playwright/test';
import type { Member } from '../src/shared/api';
import { memberName } from '../src/shared/api';
import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { invoke } from './copy-scope-helpers';
import { callWithNotMetEvidence, expectAccessible, openScreen, serviceGet, unanalysedCalls } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The palette's records come from the local copy: the app's own sync fills it.
test.use({ backgroundSync: true });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Go to or do anything' });
const box = (page: Page) => palette(page).getByRole('combobox', { name: 'Action, screen or record' });
const options = (page: Page) => palette(page).getByRole('option');
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function upToDate(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await expect
    .poll(async () => (await invoke(request, callscope, 'getSyncStatus', {})).state, { timeout: 60_000 })
    .toBe('up-to-date');
}

/** Ctrl K, the text typed, the first row checked, then Enter: all from the keyboard. */
async function runFromPalette(page: Page, text: string, firstRow: string | RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type(text);
  await expect(options(page).first()).toContainText(firstRow);
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test.describe('the palette (Ctrl K)', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('on a deal: its actions come first with their keys, and each runs from the keyboard; the empty palette lists them as recent', async ({
    page,
    request,
    callscope,
  }) => {
    await upToDate(request, callscope);
    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data[0]!;
    await openScreen(page, callscope, `/deals/${deal.id}`);
    await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();

    await page.keyboard.press('Control+k');
    const onScreen = palette(page).getByRole('group', { name: 'On this screen' }).getByRole('option');
    await expect(onScreen.first()).toContainText('Re-score this deal');
    await expect(onScreen.filter({ hasText: 'Export review pack (Markdown)' })).toContainText('E');
    await expect(onScreen.filter({ hasText: 'Export review pack for print' })).toContainText('Shift E');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await runFromPalette(page, 'rescore', 'Re-score this deal');
    await expect(page.getByText(/Scoring this deal|Scored/).first()).toBeVisible();

    await runFromPalette(page, 'copy link', 'Copy a link to this deal');
    const link = `callscope://deal/${encodeURIComponent(deal.id)}`;
    await expect(page.getByRole('status').filter({ hasText: `Copied a link to this deal: ${link}` })).toBeVisible();
    expect(await clipboardText(page)).toBe(link);

    const markdown = page.waitForEvent('download');
    await runFromPalette(page, 'review pack markdown', 'Export review pack (Markdown)');
    expect((await markdown).suggestedFilename()).toMatch(/\.md$/);
    const html = page.waitForEvent('download');
    await runFromPalette(page, 'pack print', 'Export review pack for print');
    expect((await html).suggestedFilename()).toMatch(/\.html$/);

    await page.keyboard.press('Control+k');
    const recent = palette(page).getByRole('group', { name: 'Recent' }).getByRole('option');
    await expect(recent).toHaveText([
      /Export review pack for print/,
      /Export review pack \(Markdown\)/,
      /Copy a link/,
      /Re-score/,
    ]);
  });

  test('on a call: Analyze, Export, the first not-met evidence and its moment link, each from the keyboard', async ({
    page,
    request,
    callscope,
  }) => {
    await upToDate(request, callscope);
    const { video, segment } = await callWithNotMetEvidence(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title! })).toBeVisible();

    await runFromPalette(page, 'not met', 'Open the first not-met checklist evidence');
    await expect(page.getByRole('tab', { name: 'Checklist' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-segment-id][aria-current="true"]')).toHaveAttribute('data-segment-id', segment.id);

    await runFromPalette(page, 'copy moment', 'Copy a link to the marked moment');
    await expect
      .poll(() => clipboardText(page))
      .toBe(`callscope://call/${video.id}?t=${Math.floor(segment.start * 1000) / 1000}`);

    await runFromPalette(page, 'export', 'Export this call…');
    await expect(page.getByRole('dialog', { name: 'Export this call' })).toBeVisible();
    await page.keyboard.press('Escape');

    const fresh = (await unanalysedCalls(callscope))[0]!;
    await openScreen(page, callscope, `/calls/${fresh.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fresh.title! })).toBeVisible();
    await runFromPalette(page, 'analyze', 'Analyze this call');
    await expect(page.getByText(/Analysing this call|Analysed/).first()).toBeVisible();
  });

  test('everywhere: screens, records of the local copy, the sync and transcript search, from the keyboard', async ({
    page,
    request,
    callscope,
  }) => {
    await upToDate(request, callscope);
    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data.at(-1)!;
    const video = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data[0]!;
    const rep = (await serviceGet<{ data: Member[] }>(callscope, '/v1/members')).data[0]!;
    await openScreen(page, callscope, '/webhooks');

    await runFromPalette(page, 'go calls', 'Go to Calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await runFromPalette(page, deal.title!, deal.title!);
    await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
    await runFromPalette(page, video.title!, video.title!);
    await expect(page.getByRole('heading', { level: 1, name: video.title! })).toBeVisible();
    await runFromPalette(page, memberName(rep), memberName(rep));
    await expect(page.getByRole('heading', { level: 1, name: memberName(rep) })).toBeVisible();

    await runFromPalette(page, 'pause sync', 'Pause the sync');
    await expect.poll(async () => (await invoke(request, callscope, 'getSyncStatus', {})).state).toBe('paused');
    await runFromPalette(page, 'resume sync', 'Resume the sync');
    await expect.poll(async () => (await invoke(request, callscope, 'getSyncStatus', {})).state).not.toBe('paused');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('pricing objection');
    await expect(options(page).last()).toHaveText(/Search transcripts for “pricing objection”/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const search = page.getByRole('dialog', { name: 'Search transcripts' });
    await expect(search).toBeVisible();
    await expect(search.getByRole('combobox', { name: 'Search every transcript' })).toHaveValue('pricing objection');
  });

  test('the manager’s own: a note on a deal, a call and a rep, the deal on its owner’s 1:1, a call reviewed, each undone with Ctrl Z; the brief and a tracker', async ({
    page,
    request,
    callscope,
  }) => {
    await upToDate(request, callscope);
    const toast = page.locator('.toast-region');
    const notes = page.getByRole('region', { name: 'Your notes' });
    const addNote = async (text: string) => {
      await runFromPalette(page, 'add note', 'Add a private note');
      await expect(page.getByRole('dialog', { name: 'Add a private note' })).toBeVisible();
      await page.keyboard.type(text);
      await page.keyboard.press('Control+Enter');
      await expect(notes.getByText(text)).toBeVisible();
    };

    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data.find(
      (open) => open.owner_id,
    )!;
    const owner = (await serviceGet<{ data: Member[] }>(callscope, '/v1/members')).data.find(
      (member) => member.id === deal.owner_id,
    )!;
    await openScreen(page, callscope, `/deals/${deal.id}`);
    await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
    await page.keyboard.press('Control+k');
    const onScreen = palette(page).getByRole('group', { name: 'On this screen' }).getByRole('option');
    await expect(onScreen.filter({ hasText: 'Add a private note' })).toContainText('N');
    await expect(onScreen.filter({ hasText: `Add to ${memberName(owner)}’s next 1:1` })).toContainText('2');
    await page.keyboard.press('Escape');
    await addNote('Palette: ask for the security review date');

    const items = async () =>
      (
        (await invoke(request, callscope, 'getOneOnOneBrief', { memberId: owner.id })) as {
          actionItems: { text: string }[];
        }
      ).actionItems.map((item) => item.text);
    const item = `Talk through the deal “${deal.title}”`;
    await runFromPalette(page, 'next 1:1', `Add to ${memberName(owner)}’s next 1:1`);
    await expect(toast).toContainText(`“${deal.title}” added to ${memberName(owner)}’s next 1:1.`);
    await expect.poll(items).toContain(item);
    await page.keyboard.press('Control+z');
    await expect.poll(items).not.toContain(item);

    const queued = async () =>
      (
        (await invoke(request, callscope, 'getReviewQueue', { windowDays: null })) as { calls: { callId: string }[] }
      ).calls.map((call) => call.callId);
    const callId = (await queued())[0]!;
    await openScreen(page, callscope, `/calls/${callId}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Loading/);
    await addNote('Palette: good discovery questions');
    await runFromPalette(page, 'reviewed', 'Mark this call reviewed');
    await expect(toast).toContainText('Call marked reviewed.');
    await expect.poll(queued).not.toContain(callId);
    await page.keyboard.press('Control+z');
    await expect.poll(queued).toContain(callId);

    await openScreen(page, callscope, `/team/${owner.id}`);
    await expect(page.getByRole('heading', { level: 1, name: memberName(owner) })).toBeVisible();
    await addNote('Palette: wants to lead the next demo');
    await runFromPalette(page, '1:1 brief', 'Open their 1:1 brief');
    await expect(page.getByRole('heading', { level: 1, name: `1:1 brief: ${memberName(owner)}` })).toBeVisible();

    const tracker = await invoke(request, callscope, 'saveTracker', {
      name: 'Palette rivals',
      phrases: ['competitor'],
      side: 'any',
      scope: { kind: 'all' },
    });
    await runFromPalette(page, 'palette rivals', 'Palette rivals');
    await expect(page.getByRole('heading', { level: 1, name: 'Trackers' })).toBeVisible();
    expect(page.url()).toContain(`tracker=${tracker.after.id}`);
    await invoke(request, callscope, 'removeTracker', { id: tracker.after.id });
  });
});
