import type { Page } from '@playwright/test';
import type { ServedVideo } from '../src/shared/api/served';
import {
  addWorkspace,
  expectAccessible,
  issueKey,
  openScreen,
  openWorkspaceSettings,
  reopenDemo,
  serviceGet,
} from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app's own background sync, counted at a proxy that changes nothing.
test.use({ backgroundSync: true, serviceVariant: 'as-is' });

test.afterEach(async ({ request, callscope }) => {
  await reopenDemo(request, callscope);
});

/** The calls whose transcript the app asked for since request number `from`. */
function transcriptsAskedSince(callscope: CallscopeApp, from: number): Set<string> {
  return new Set(
    callscope
      .requestsMade()
      .slice(from)
      .flatMap((request) => /^\/v1\/videos\/([^/?]+)\/transcript/.exec(request.path)?.[1] ?? []),
  );
}

async function syncedFully(page: Page, calls: number): Promise<void> {
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await expect(localCopy.getByText(`${calls} of ${calls} stored`)).toBeVisible({ timeout: 30_000 });
  await expect(localCopy.getByText('Up to date')).toBeVisible();
}

test('Settings show the local copy’s size; turned off it keeps nothing, turned on it syncs afresh', async ({
  page,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  await openScreen(page, callscope, '/settings');
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await syncedFully(page, calls.length);
  // The test host has no keychain: the copy lives in memory, and says so with its size.
  await expect(localCopy.getByText(/^[\d.,]+ (kB|MB) in memory \(this session only\)$/)).toBeVisible();

  const keep = localCopy.getByRole('switch', { name: 'Keep a local copy of Demo workspace' });
  await expect(keep).toBeChecked();
  await keep.click();
  const confirm = page.getByRole('dialog', { name: 'Turn off the local copy?' });
  await expect(confirm).toContainText('Your API key, your settings and everything on the service stay');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(keep).toBeChecked();

  await keep.click();
  await confirm.getByRole('button', { name: 'Turn off and delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(keep).not.toBeChecked();
  await expect(localCopy.getByText('None kept')).toBeVisible();
  await expect(localCopy.getByText(/stored$/)).toHaveCount(0);
  await expectAccessible(page);

  // Off, screens still read, from the service.
  await page.getByRole('link', { name: 'Calls', exact: true }).click();
  await expect(page.getByRole('table', { name: /Calls/ })).toBeVisible();

  await openWorkspaceSettings(page);
  const from = callscope.requestsMade().length;
  await keep.click();
  await expect(keep).toBeChecked();
  await expect.poll(() => transcriptsAskedSince(callscope, from).size, { timeout: 30_000 }).toBe(calls.length);
  await syncedFully(page, calls.length);
});

test('"Remove local data" asks first, then the copy starts over and the sync fetches everything again', async ({
  page,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  await openScreen(page, callscope, '/settings');
  await syncedFully(page, calls.length);
  const localCopy = page.getByRole('region', { name: 'Local copy' });

  await localCopy.getByRole('button', { name: 'Remove local data…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the local data of Demo workspace?' });
  await expect(confirm).toContainText('It then starts again, empty');
  const from = callscope.requestsMade().length;
  await confirm.getByRole('button', { name: 'Remove local data' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => transcriptsAskedSince(callscope, from).size, { timeout: 30_000 }).toBe(calls.length);
  await syncedFully(page, calls.length);
  await expect(localCopy.getByRole('switch', { name: /Keep a local copy/ })).toBeChecked();
});

test('removing a workspace asks first, then it leaves the switcher and the demo is on screen', async ({
  page,
  callscope,
}) => {
  await addWorkspace(page, callscope, 'Short-lived', await issueKey(callscope));
  await openWorkspaceSettings(page);
  await page.getByRole('button', { name: 'Remove workspace…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Short-lived?' });
  await expect(confirm).toContainText('Everything on the service stays');
  await confirm.getByRole('button', { name: 'Remove workspace' }).click();
  const switcher = page.getByRole('combobox', { name: 'Workspace' });
  await expect(switcher.locator('option:checked')).toHaveText('Demo workspace');
  await expect(switcher.locator('option', { hasText: 'Short-lived' })).toHaveCount(0);
});

test('a key the service refuses deletes the local copy, which comes back once a new key works', async ({
  page,
  callscope,
}) => {
  const apiKey = await issueKey(callscope);
  await addWorkspace(page, callscope, 'Refused', apiKey);
  await fetch(`${callscope.serviceUrl}/v1/keys/me`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${apiKey}` },
  });
  // A screen read afresh meets the 401 (or a read already on its way did, and the prompt is open).
  await openScreen(page, callscope, '/calls');
  const prompt = page.getByRole('dialog', { name: 'Re-enter your key' });
  await prompt.getByRole('button', { name: 'Not now' }).click();

  await openWorkspaceSettings(page);
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await expect(localCopy.getByText('Deleted, because this workspace has no key the service accepts')).toBeVisible();
  await expect(localCopy.getByText('None kept')).toBeVisible();
  // Why, and when, stays in Settings.
  await expect(
    localCopy.getByText(/^Removed on .+: the service refused this workspace’s key \(401\)\.$/),
  ).toBeVisible();
  await expect(localCopy.getByRole('switch', { name: 'Keep a local copy of Refused' })).toBeChecked();

  await page.getByLabel('New API key').fill(await issueKey(callscope));
  await page.getByRole('button', { name: 'Use this key' }).click();
  await expect(localCopy.getByText(/in memory \(this session only\)$/)).toBeVisible();
});
