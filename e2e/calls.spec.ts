import type { ServedChecklistEvaluation, ServedSalesEvent, ServedTranscriptSegment } from '../src/shared/api/served';
import { openScreen, readyCalls, serviceGet, unanalysedCalls } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';
import { expect, test } from './support/fixtures';

/** A READY call whose checklist has evidence and which has sales events. */
async function analysedCall(callscope: CallscopeApp) {
  for (const video of await readyCalls(callscope)) {
    const checklist = await serviceGet<{ data?: ServedChecklistEvaluation }>(
      callscope,
      `/v1/videos/${video.id}/checklist`,
    );
    const events = await serviceGet<{ data: ServedSalesEvent[] }>(callscope, `/v1/videos/${video.id}/events`);
    const evidence = checklist.data?.items.flatMap((item) => item.evidence) ?? [];
    if (evidence.length > 0 && events.data.length > 0) {
      const transcript = await serviceGet<{ data: ServedTranscriptSegment[] }>(
        callscope,
        `/v1/videos/${video.id}/transcript`,
      );
      return { video, evidence, events: events.data, transcript: transcript.data };
    }
  }
  throw new Error('the seeded data has no analysed call with evidence and events');
}

const currentSegment = (page: import('@playwright/test').Page) =>
  page.locator('[data-segment-id][aria-current="true"]');

test.describe('calls list', () => {
  test('shows each call with status, duration, type and deal, and filters by status', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    const table = page.getByRole('table', { name: /Calls/ });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Call',
      'Status',
      'Recorded',
      'Duration',
      'Type',
      'Deal',
    ]);
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByLabel('Status').selectOption('READY');
    await expect(table.locator('tbody .badge')).not.toHaveCount(0);
    for (const badge of await table.locator('tbody .badge').allTextContents()) expect(badge).toBe('Ready');
  });

  test('refuses an end date before the start date without asking the service', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls');
    await expect(page.getByRole('table', { name: /Calls/ })).toBeVisible();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/bridge/invoke') && request.postData()?.includes('"listCallRows"')) {
        listRequests.push(request.postData()!);
      }
    });
    await page.getByLabel('From').fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expect(page.getByText('The end date is before the start date.')).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // The From change alone was valid and was sent; the invalid range was not.
    expect(listRequests.every((body) => !body.includes('"created_before"'))).toBe(true);

    await page.getByLabel('To', { exact: true }).fill('2026-03-31');
    await expect(page.getByText('The end date is before the start date.')).toHaveCount(0);
  });

  test('a press on a call renders its page out of sight: the click shows it, a press let go elsewhere opens nothing', async ({
    page,
    callscope,
  }) => {
    // Two of the newest ready calls, with a transcript and a title no other call has.
    const ready = await readyCalls(callscope);
    const withLines: string[] = [];
    for (const video of ready.slice(0, 10)) {
      const lines = await serviceGet<{ data: unknown[] }>(callscope, `/v1/videos/${video.id}/transcript`);
      const unique = ready.filter((other) => other.title === video.title).length === 1;
      if (lines.data.length > 0 && unique && video.title) withLines.push(video.title);
    }
    const [firstTitle, secondTitle] = withLines as [string, string];
    await openScreen(page, callscope, '/calls?status=READY');
    const table = page.getByRole('table', { name: /Calls/ });
    const [first, second] = [firstTitle, secondTitle].map((title) =>
      table.getByRole('link', { name: title, exact: true }),
    );
    await expect(second!).toBeVisible();
    const headings = page.locator('#main h1');

    await first!.hover();
    await page.mouse.down();
    // Rendered while the button is held, and nothing of it shows or answers keys (E exports a call).
    await expect(headings.filter({ hasText: firstTitle })).toBeAttached();
    await expect(headings.filter({ hasText: firstTitle })).toBeHidden();
    await page.keyboard.press('e');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    // Let go elsewhere: nothing opens, and the screen rendered ahead goes.
    await page.getByRole('heading', { level: 1, name: 'Calls' }).hover();
    await page.mouse.up();
    await expect(headings.filter({ hasText: firstTitle })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/calls\?status=READY$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calls');

    await second!.hover();
    await page.mouse.down();
    await page.mouse.up();
    await expect(page.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible();
    await expect(page.locator('.transcript-rows .segment').first()).toBeVisible();
    await expect(headings).toHaveCount(1);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    await expect(headings).toHaveCount(1);
  });

  test('a call the keyboard focuses renders its page out of sight: Enter shows it, and focus moved on drops it', async ({
    page,
    callscope,
  }) => {
    await openScreen(page, callscope, '/calls?status=READY');
    const table = page.getByRole('table', { name: /Calls/ });
    await expect(table.getByRole('link').nth(1)).toBeVisible();
    const ahead = page.locator('#main .screen-slot.ahead h1');
    const focusedTitle = () => page.locator(':focus').innerText();

    await page.keyboard.press('j');
    const first = await focusedTitle();
    await expect(ahead).toHaveText(first);
    await expect(ahead).toBeHidden();
    // Out of sight, it answers no keys (E exports a call).
    await page.keyboard.press('e');
    await expect(page.locator('dialog[open]')).toHaveCount(0);

    await page.keyboard.press('j');
    const second = await focusedTitle();
    await expect(ahead).toHaveCount(1);
    await expect(ahead).toHaveText(second);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/calls\/vid_/);
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
    await expect(page.locator('#main h1')).toHaveCount(1);
  });
});

test.describe('call page', () => {
  test('shows the summary, talk time and the transcript with find next and previous', async ({ page, callscope }) => {
    const { video, transcript } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 }).first()).toBeVisible();

    const speakers = new Set(transcript.map((segment) => segment.speaker));
    await expect(page.getByRole('list', { name: 'Talk time per speaker' }).getByRole('listitem')).toHaveCount(
      speakers.size,
    );

    const word = transcript[0]!.text
      .split(/\s+/)
      .find((candidate) => candidate.length > 4)!
      .replace(/[^\p{L}]/gu, '');
    const matching = transcript.filter((segment) => segment.text.toLowerCase().includes(word.toLowerCase()));
    await page.getByRole('searchbox', { name: 'Find in transcript' }).fill(word);
    await expect(page.getByText(`${matching.length} matching segments`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Find in transcript' }).press('Enter');
    await expect(page.getByText(`1 of ${matching.length}`)).toBeVisible();
    await expect(currentSegment(page)).toHaveAttribute('data-segment-id', matching[0]!.id);
    await expect(currentSegment(page).locator('mark').first()).toHaveText(new RegExp(word, 'i'));
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(currentSegment(page)).toHaveAttribute('data-segment-id', matching.at(-1)!.id);
  });

  test('an evidence quote and a sales event jump to their place in the transcript', async ({ page, callscope }) => {
    const { video, evidence, events, transcript } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await page.getByRole('tab', { name: 'Checklist' }).click();
    await expect(page.getByRole('heading', { name: 'Overall assessment' })).toBeVisible();

    const quote = evidence.find((item) => transcript.some((segment) => segment.text.includes(item.text)))!;
    await page
      .getByRole('button', { name: `Show in transcript: ${quote.text}` })
      .first()
      .click();
    await expect(currentSegment(page)).toContainText(quote.text);
    await expect(currentSegment(page)).toBeInViewport();

    await page.getByRole('tab', { name: 'Sales events' }).click();
    const event = events.at(-1)!;
    await page
      .getByRole('button', { name: new RegExp(`^Jump to .*${escapeRegExp(event.text.slice(0, 20))}`) })
      .first()
      .click();
    await expect(currentSegment(page)).toHaveAttribute('data-segment-id', event.segment_id);
    await expect(currentSegment(page)).toBeInViewport();
  });

  test('a call never analysed says so, and Analyze runs it to completion', async ({ page, callscope }) => {
    const [video] = await unanalysedCalls(callscope);
    test.skip(!video, 'the seeded data has no unanalysed READY call');
    await openScreen(page, callscope, `/calls/${video!.id}`);
    await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Analyze' }).click();
    await expect(page.getByText(/Analysed: \d+ sales events found/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('This call has not been analysed yet')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Analyses' }).click();
    await expect(page.getByRole('tabpanel').getByText('completed').first()).toBeVisible();
  });

  test('a failed analysis shows the job error with its request id', async ({ page, callscope }) => {
    const calls = await readyCalls(callscope);
    const video = calls.at(-1)!;
    await callscope.serviceCli(['fault', 'set', 'job-fail', video.id, 'on']);
    try {
      await openScreen(page, callscope, `/calls/${video.id}`);
      await page.getByRole('button', { name: 'Analyze' }).first().click();
      const progress = page.locator('.job-progress');
      await expect(progress.getByText('The job failed')).toBeVisible({ timeout: 20_000 });
      await expect(progress.getByText('injected_failure')).toBeVisible();
      await expect(progress.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
    } finally {
      await callscope.serviceCli(['fault', 'set', 'job-fail', video.id, 'off']);
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
