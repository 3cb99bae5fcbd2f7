import type { ServedDeal, ServedDealDetail, ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// Slow enough jobs (a separate worker and service) that the live "processing" state can be read.
test.use({ serviceArgs: ['--job-delay-ms', '1500'] });

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
