import type { ServedDeal, ServedDealDetail, ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Slow enough jobs (a separate worker and service) that the live "processing" state can be read;
// the app reaches the service through a proxy that only counts what is asked of it.
test.use({ serviceArgs: ['--job-delay-ms', '3000'], serviceVariant: 'as-is' });

test.describe('re-score', () => {
  test('runs live to completion and the new probability appears without a reload', async ({ page, callscope }) => {
    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data[0]!;
    await openScreen(page, callscope, `/deals/${deal.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Re-score' }).click();
    await expect(page.getByText(/Scoring this deal — processing, \d+:\d\d elapsed/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scoring…' })).toBeDisabled();

    await expect(page.getByText(/Scored: win probability \d+%/)).toBeVisible({ timeout: 20_000 });
    const detail = (await serviceGet<{ data: ServedDealDetail }>(callscope, `/v1/deals/${deal.id}`)).data;
    const shown = `${Math.round(detail.probability!)}%`;
    await expect(page.getByRole('region', { name: 'Win probability' }).getByText(shown, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: /Score factors/ }).getByRole('listitem')).toHaveCount(
      detail.score_factors.length,
    );
    await expect(page.getByRole('region', { name: 'Scoring history' }).getByText('completed').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Re-score' })).toBeEnabled();
  });
});

test.describe('analyze', () => {
  test('Analyze shows the job processing with its elapsed time, then the new results', async ({ page, callscope }) => {
    const video = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data[0]!;
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await page.getByRole('button', { name: 'Analyze' }).first().click();
    await expect(page.getByText(/Analysing this call — processing, \d+:\d\d elapsed/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analysing…' }).first()).toBeDisabled();
    await page.getByRole('tab', { name: 'Analyses' }).click();
    await expect(page.getByRole('tabpanel').getByText('processing').first()).toBeVisible();
    await expect(page.getByText(/Analysed: \d+ sales events found/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tabpanel').getByText('completed').first()).toBeVisible();
  });
});

test.describe('one stream per live job', () => {
  test('a watched analysis is read by main’s watcher alone, and its history only when it starts and ends', async ({
    page,
    callscope,
  }) => {
    const ready = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data;
    let video = ready[0]!;
    for (const candidate of ready.slice(1)) {
      const transcript = await serviceGet<{ data: unknown[] }>(callscope, `/v1/videos/${candidate.id}/transcript`);
      if (transcript.data.length > 0) video = candidate;
    }
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    const history = `/v1/videos/${video.id}/analyses`;
    const readsHistory = (request: { method: string; path: string }) =>
      request.method === 'GET' && request.path.split('?')[0] === history;
    // The page reads the history once its transcript is painted, which can come after its title:
    // that opening read is the page's own, so counting starts after it.
    await expect.poll(() => callscope.requestsMade().some(readsHistory)).toBe(true);
    const before = callscope.requestsMade().length;
    await page.getByRole('button', { name: 'Analyze' }).first().click();
    await expect(page.getByText(/^Analysed: /)).toBeVisible({ timeout: 20_000 });

    const made = callscope.requestsMade().slice(before);
    const jobReads = made.filter((request) => request.method === 'GET' && request.path.startsWith(`${history}/`));
    const historyReads = made.filter(readsHistory);
    expect(made.filter((request) => request.method === 'POST')).toHaveLength(1);
    // The watcher polls with a growing interval from one second; a read by anyone else lands between.
    expect(jobReads.length).toBeGreaterThan(0);
    const gaps = jobReads.slice(1).map((read, index) => read.at - jobReads[index]!.at);
    expect(
      gaps.every((gap) => gap >= 900),
      `gaps between reads of the job: ${gaps.join(', ')} ms`,
    ).toBe(true);
    expect(historyReads.length).toBeLessThanOrEqual(2);
  });
});
