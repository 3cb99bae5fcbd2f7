import type { ServedVideo } from '../src/shared/api/served';
import { searchBox } from './local-search-helpers';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ faultProxy: true, backgroundSync: true });

test('a service failing every transcript: the status says what waits and when it tries again, search asks the service, and the sync finishes once it answers', async ({
  page,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  const fault = callscope.faults.inject({ when: 'getTranscript', fault: { kind: 'status', status: 500 } });
  await openScreen(page, callscope, '/settings');
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await expect(localCopy.getByText('Not finished: it tries again by itself')).toBeVisible({ timeout: 30_000 });
  await expect(localCopy.getByText(/^\d+ calls? could not be fetched yet: .*HTTP 500/)).toBeVisible();
  await expect(localCopy.getByText(/ of \d+ stored · \d+ could not be fetched yet$/)).toBeVisible();
  await expect(page.locator('.freshness')).toContainText(/calls? not fetched yet, trying again at \d/);
  expect(fault.injected()).toBeGreaterThan(0);
  await expect(localCopy.getByText('Up to date')).toHaveCount(0);

  // Local search counts no call it holds no transcript of as searched: the service is asked for them.
  await openScreen(page, callscope, '/search');
  await searchBox(page).fill('price');
  await expect(page.locator('.coverage-note')).toContainText(`0 of ${calls.length} calls are searched here`);

  fault.remove();
  await openScreen(page, callscope, '/settings');
  await expect(localCopy.getByText('Up to date')).toBeVisible({ timeout: 30_000 });
  await expect(localCopy.getByText(`${calls.length} of ${calls.length} stored`)).toBeVisible();
  await expect(page.locator('.freshness')).not.toContainText('not fetched yet');
});
