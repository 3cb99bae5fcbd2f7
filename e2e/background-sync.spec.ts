import { readFile } from 'node:fs/promises';
import type { ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { callResults, distinctiveWord, everyLine, searchBox, status, wholeWord } from './local-search-helpers';
import { openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true, backgroundSync: true });

test('the background sync stores every call, shows its progress, pauses and resumes', async ({ page, callscope }) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  await openScreen(page, callscope, '/settings');
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await expect(localCopy.getByText(`${calls.length} of ${calls.length} stored`)).toBeVisible({ timeout: 30_000 });
  await expect(localCopy.getByText('Up to date')).toBeVisible();

  await localCopy.getByRole('button', { name: 'Pause sync' }).click();
  await expect(localCopy.getByText('Paused')).toBeVisible();
  await localCopy.getByRole('button', { name: 'Resume sync' }).click();
  await expect(localCopy.getByText('Up to date')).toBeVisible();
});

test('the request budget saved in Settings is kept across a reload, and the sync runs on under it', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/settings');
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  const field = localCopy.getByLabel('Requests per second the sync may make');
  const save = localCopy.getByRole('button', { name: 'Save budget' });
  await expect(field).not.toHaveValue('');
  const before = await field.inputValue();
  try {
    await field.fill('2.5');
    await save.click();
    // Saved: the field shows the sync's own budget again, and there is nothing left to save.
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(field).toHaveValue('2.5');
    await expect(localCopy.getByText(/^(Syncing in the background|Up to date)$/)).toBeVisible();
  } finally {
    await field.fill(before);
    await save.click();
    await expect(save).toBeDisabled();
  }
});

test('a call never opened reads with the service stopped once the sync has stored it', async ({ page, callscope }) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
  const call = calls.at(-1)!;
  const transcript = await serviceGet<{ data: { text: string }[] }>(callscope, `/v1/videos/${call.id}/transcript`);
  await openScreen(page, callscope, '/settings');
  await expect(page.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  await callscope.stopService();
  await openScreen(page, callscope, `/calls/${call.id}`);
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.getByText(transcript.data[0]!.text).first()).toBeVisible();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
  await callscope.restartService();
});

test('the calls list reads with the service stopped under a filter never chosen, once the sync has stored the calls', async ({
  page,
  callscope,
}) => {
  const ready = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=50')).data;
  await openScreen(page, callscope, '/settings');
  await expect(page.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  await callscope.stopService();
  await openScreen(page, callscope, '/calls');
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
  const table = page.getByRole('table', { name: /Calls/ });
  await page.getByLabel('Status').selectOption('READY');
  await expect(table.locator('tbody tr')).toHaveCount(ready.length);
  await expect(table.locator('tbody tr').first()).toContainText(ready[0]!.title);
  for (const badge of await table.locator('tbody .badge').allTextContents()) expect(badge).toBe('Ready');
  await callscope.restartService();
});

test('a deal never opened reads whole with the service stopped once synced: facts, scoring history and activity', async ({
  page,
  callscope,
}) => {
  const deals = (await serviceGet<{ data: { id: string; title: string | null }[] }>(callscope, '/v1/deals?limit=100'))
    .data;
  const deal = deals.filter((candidate) => candidate.title).at(-1)!;
  const scorings = (await serviceGet<{ data: unknown[] }>(callscope, `/v1/deals/${deal.id}/scorings`)).data;
  const activities = (await serviceGet<{ data: unknown[] }>(callscope, `/v1/deals/${deal.id}/activities`)).data;
  await openScreen(page, callscope, '/settings');
  await expect(page.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  await callscope.stopService();
  await openScreen(page, callscope, `/deals/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
  // However little room the top bar leaves it, the offline line shows.
  await expect(page.getByText(/Offline — /)).toBeVisible();
  const history = page.getByRole('region', { name: 'Scoring history' });
  const activity = page.getByRole('region', { name: 'Activity' });
  if (scorings.length > 0) await expect(history.locator('tbody tr')).toHaveCount(scorings.length);
  else await expect(history.getByText('Never scored')).toBeVisible();
  if (activities.length > 0) await expect(activity.locator('.timeline li')).toHaveCount(activities.length);
  else await expect(activity.getByText('No activity yet')).toBeVisible();
  await expect(page.getByText('This could not be loaded')).toHaveCount(0);
  await callscope.restartService();
});

test('a synced call’s transcript exports with the service stopped: the file holds the service’s lines', async ({
  page,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
  const call = calls.at(-2)!;
  const transcript = (
    await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${call.id}/transcript`)
  ).data;
  await openScreen(page, callscope, '/settings');
  await expect(page.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, `/calls/${call.id}`);
    await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
    await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export this call' });
    await dialog.getByRole('radio', { name: 'Transcript as plain text' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    await expect(dialog.getByText(`Downloaded: ${download.suggestedFilename()}`)).toBeVisible();
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(transcript.length + 3);
    expect(text).toContain(`: ${transcript[0]!.text}\n`);
    expect(text).toContain(`: ${transcript.at(-1)!.text}\n`);
  });
});

test('search answers from the local index with the service stopped, and a hit opens its call’s transcript', async ({
  page,
  callscope,
}) => {
  const lines = await everyLine(callscope);
  const word = distinctiveWord(lines);
  const found = lines.filter((line) => wholeWord(word).test(line.segment.text));
  const foundCalls = new Set(found.map((line) => line.videoId));
  const videos = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  await openScreen(page, callscope, '/settings');
  await expect(page.getByText('Up to date')).toBeVisible({ timeout: 30_000 });

  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, `/search?q=${word}&mode=whole-word`);
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
    await expect(status(page)).toHaveText(`${found.length} lines in ${foundCalls.size} calls`);
    await expect(callResults(page)).toHaveCount(foundCalls.size);
    await expect(page.getByText(`The local index covers all ${videos.length} calls of this workspace.`)).toBeVisible();
    await expect(page.getByText('Found by the service (not synced yet)')).toHaveCount(0);

    const hit = found[0]!;
    await page.getByRole('link').filter({ hasText: hit.segment.text }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/calls/${hit.videoId}\\?segment=${hit.segment.id}`));
    await expect(page.locator(`[data-segment-id="${hit.segment.id}"]`)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator(`[data-segment-id="${hit.segment.id}"]`)).toContainText(hit.segment.text);
    await expect(page.getByText('This could not be loaded')).toHaveCount(0);
  });
});
