import type { ServedVideo } from '../src/shared/api/served';
import { callResults, distinctiveWord, everyLine, searchBox, status, wholeWord } from './local-search-helpers';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ backgroundSync: true });

test.describe('search with filters, synced: the local index answers', () => {
  test('modes, order and filters narrow the local results and live in the address across a reload', async ({
    page,
    callscope,
  }) => {
    const lines = await everyLine(callscope);
    const word = distinctiveWord(lines);
    const videos = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
    await openScreen(page, callscope, '/settings');
    await expect(page.getByText('Up to date')).toBeVisible({ timeout: 60_000 });

    await openScreen(page, callscope, `/search?q=${word.slice(0, 4)}`);
    await expect(page.getByText(`The local index covers all ${videos.length} calls of this workspace.`)).toBeVisible();
    await expect(page.getByText('Found by the service (not synced yet)')).toHaveCount(0);

    // Whole words, by the buyer only: exactly the lines the service's transcripts hold.
    await searchBox(page).fill(word);
    await page.getByRole('radio', { name: 'Whole words' }).check();
    await page.getByRole('combobox', { name: 'Speaker' }).selectOption('BUYER');
    const buyerLines = lines.filter(
      (line) => line.segment.speaker_role === 'BUYER' && wholeWord(word).test(line.segment.text),
    );
    const buyerCalls = new Set(buyerLines.map((line) => line.videoId));
    await expect(status(page)).toHaveText(
      `${buyerLines.length} ${buyerLines.length === 1 ? 'line' : 'lines'} in ${buyerCalls.size} ${buyerCalls.size === 1 ? 'call' : 'calls'}`,
    );
    await expect(callResults(page)).toHaveCount(buyerCalls.size);
    const dealsRegion = page.getByRole('region', { name: 'By deal' });
    await expect(dealsRegion.getByRole('listitem').first()).toContainText(/\d+ lines? in \d+ calls?/);

    // Each hit comes with its neighbouring lines.
    const hit = buyerLines[0]!;
    const transcript = lines.filter((line) => line.videoId === hit.videoId);
    const index = transcript.findIndex((line) => line.segment.id === hit.segment.id);
    const link = page.getByRole('link').filter({ hasText: hit.segment.text }).first();
    if (index > 0) await expect(link).toContainText(transcript[index - 1]!.segment.text);

    await page.getByRole('combobox', { name: 'Order' }).selectOption('best');
    await expect(page).toHaveURL(new RegExp(`q=${word}&mode=whole-word&order=best&role=BUYER`));
    await page.reload();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page.getByRole('radio', { name: 'Whole words' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('best');
    await expect(page.getByRole('combobox', { name: 'Speaker' })).toHaveValue('BUYER');
    await expect(callResults(page)).toHaveCount(buyerCalls.size);

    // A phrase that is never said finds nothing.
    await page.getByRole('radio', { name: 'Exact phrase' }).check();
    await searchBox(page).fill(`${word} ${word} ${word}`);
    await expect(page.getByText('Nothing was said that matches')).toBeVisible();
  });
});
