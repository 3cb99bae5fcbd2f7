import type { Page, Route } from '@playwright/test';
import { browserBridgePaths } from '../src/shared/browser-bridge';
import { openScreen, readyCalls, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';
import { retryingStatus } from './support/status';

/**
 * Answers the page's bridge calls of `op` with `change` of main's own answer: a fault main cannot
 * make on purpose, for the parts of the window that must survive one. Counts what it changed.
 */
async function changeAnswers(page: Page, op: string, change: (value: Record<string, unknown>) => void) {
  let changed = 0;
  await page.route(`**${browserBridgePaths.invoke}`, async (route: Route) => {
    if (route.request().postDataJSON()?.op !== op) return route.fallback();
    const answer = await (await route.fetch()).json();
    if (answer.ok) {
      change(answer.value);
      changed++;
    }
    await route.fulfill({ json: answer });
  });
  return { changed: () => changed, stop: () => page.unroute(`**${browserBridgePaths.invoke}`) };
}

test.describe('error states', () => {
  test('a deal that does not exist shows the code, message, copyable request id and a retry', async ({
    page,
    callscope,
  }) => {
    await openScreen(page, callscope, '/deals/deal_does_not_exist');
    const error = page.getByRole('alert');
    await expect(error).toContainText('This item does not exist, or it belongs to another organisation.');
    await expect(error).toContainText('not_found');
    await expect(error.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
    await expect(error.getByRole('button', { name: 'Copy request id' })).toBeVisible();
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('an address that leads nowhere says so and links back', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/nowhere/at/all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the pipeline' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  });

  test('an address that cannot be read says not found, with the shell around it', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls/%E0%A4%A');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Nothing lives at /calls/%E0%A4%A')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the pipeline' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  });

  test('a screen that fails while rendering says what went wrong, keeps the shell, and goes back to the Pipeline', async ({
    page,
    callscope,
  }) => {
    // An analysed call few tests open; its summary's sections are made something no page can list.
    const calls = (await readyCalls(callscope)).reverse();
    let video = calls[0]!;
    for (const candidate of calls) {
      video = candidate;
      if (!(await serviceGet<{ error?: unknown }>(callscope, `/v1/videos/${video.id}/summary`)).error) break;
    }
    const fault = await changeAnswers(page, 'getSummary', (value) => {
      (value.data as { sections: unknown }).sections = 5;
    });
    await openScreen(page, callscope, `/calls/${video.id}`);
    const failure = page.getByRole('alert').filter({ hasText: 'This screen could not be shown' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('TypeError');
    await expect(failure).toContainText('not iterable');
    expect(fault.changed()).toBeGreaterThan(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calls' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();

    await failure.getByRole('button', { name: 'Go to the Pipeline' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page.locator('.deal-card').first()).toBeVisible();

    // The answer it could not show is still held; once the fault is gone, Try again reads anew.
    await fault.stop();
    await page.goBack();
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('a shell that fails while rendering says what went wrong and starts again on the Pipeline', async ({
    page,
    callscope,
  }) => {
    const fault = await changeAnswers(page, 'listWorkspaces', (value) => {
      for (const workspace of value.workspaces as { member: unknown }[]) workspace.member = { display_name: {} };
    });
    await openScreen(page, callscope, '/team');
    const failure = page.getByRole('alert').filter({ hasText: 'This window could not be shown' });
    await expect(failure).toBeVisible();
    // The production build names React's errors by number: #31 is an object given as text.
    await expect(failure).toContainText('React error #31');
    expect(fault.changed()).toBeGreaterThan(0);

    await fault.stop();
    await failure.getByRole('button', { name: 'Go to the Pipeline' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page).toHaveURL(/#\/deals$/);
  });

  test('while the service is unavailable the app says it is retrying, then Retry loads the screen', async ({
    page,
    callscope,
  }) => {
    await callscope.serviceCli(['fault', 'set', 'key-verifier-down', 'on']);
    try {
      await openScreen(page, callscope, '/webhooks');
      await expect(retryingStatus(page)).toHaveAttribute('title', /briefly unavailable — slowing down and retrying/);
      const error = page.getByRole('alert');
      await expect(error).toContainText('service_unavailable', { timeout: 45_000 });
      await expect(error).toContainText('The service is temporarily unavailable.');
    } finally {
      await callscope.serviceCli(['fault', 'set', 'key-verifier-down', 'off']);
    }
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
