import type { ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
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
