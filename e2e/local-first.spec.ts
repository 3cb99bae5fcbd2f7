import type { ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet, unanalysedCalls } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true });

test('a call seen before re-opens with its transcript while the service is stopped, and says it is offline', async ({
  page,
  callscope,
}) => {
  const calls = await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=1');
  const call = calls.data[0]!;
  const transcript = await serviceGet<{ data: { text: string }[] }>(callscope, `/v1/videos/${call.id}/transcript`);
  const firstLine = transcript.data[0]!.text;

  await openScreen(page, callscope, `/calls/${call.id}`);
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.getByText(firstLine).first()).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();

  await callscope.stopService();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.getByText(firstLine).first()).toBeVisible();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();

  await callscope.restartService();
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeHidden();
});

test('a call never analysed, seen before, still says so while the service is stopped', async ({ page, callscope }) => {
  const [call] = await unanalysedCalls(callscope);
  if (!call) throw new Error('the seeded data has no READY call never analysed');
  await openScreen(page, callscope, `/calls/${call.id}`);
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Checklist' }).click();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();

  await callscope.stopService();
  await page.reload();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Analyze' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Checklist' }).click();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await callscope.restartService();
});

test('actions that need the service are disabled with the reason while it is stopped, and come back with it', async ({
  page,
  callscope,
}) => {
  const deals = await serviceGet<{ data: { id: string; title: string | null }[] }>(callscope, '/v1/deals?limit=1');
  const deal = deals.data[0]!;
  await openScreen(page, callscope, `/deals/${deal.id}`);
  const rescore = page.getByRole('button', { name: 'Re-score' });
  await expect(rescore).toBeEnabled();

  await callscope.stopService();
  await page.reload();
  await expect(rescore).toBeDisabled();
  await expect(page.getByText('Needs the service, which is not answering right now.')).toBeVisible();

  await callscope.restartService();
  await expect(rescore).toBeEnabled();
});
