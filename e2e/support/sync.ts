import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { invoke } from '../copy-scope-helpers';
import type { CallscopeApp } from './fixtures';

/** Opens the app at `appUrl` on its settings and waits until the background sync has filled its local copy. */
export async function syncedApp(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}#/settings`);
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 120_000,
  });
}

export const syncState = async (request: APIRequestContext, callscope: CallscopeApp) =>
  (await invoke(request, callscope, 'getSyncStatus', {})).state;

/**
 * A new sync round, waited for to its end: the copy then holds what the service answers now (and
 * the manager's rules have seen it). A round still open (the one the app starts when the service
 * answers again) ends first, since resuming would carry it on, and a walk it finished before the
 * changes would not see them.
 */
export async function syncAgain(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await expect.poll(() => syncState(request, callscope), { timeout: 60_000 }).toBe('up-to-date');
  await invoke(request, callscope, 'pauseSync', {});
  expect(await invoke(request, callscope, 'resumeSync', {})).toMatchObject({ state: 'syncing' });
  await expect.poll(() => syncState(request, callscope), { timeout: 60_000 }).toBe('up-to-date');
}
