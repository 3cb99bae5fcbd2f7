import type { Page } from '@playwright/test';
import type { ServedDeal } from '../src/shared/api/served';
import { expectAccessible, openScreen, serviceGet } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app reaches the service through the fault proxy: 'drop' on every request is a service that
// cannot be reached; jobs last long enough to be seen running.
test.use({ serviceArgs: ['--job-delay-ms', '1500'], faultProxy: true });
test.afterEach(({ callscope }) => callscope.faults.clear());

const status = (page: Page) => page.getByRole('banner').locator('button.freshness');
const jobSlot = (page: Page) => page.locator('.job-slot');

async function dealId(callscope: CallscopeApp, nth: number): Promise<string> {
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=10')).data;
  return deals[nth]!.id;
}

/** The Re-score starts of this deal that reached the service (a dropped one did not). */
const startsReaching = (callscope: CallscopeApp, id: string) =>
  callscope.faults
    .received()
    .filter((request) => request.endpoint === 'startScoring' && request.path.includes(id) && request.fault === null);

test('offline, Re-score by keyboard is kept, shown waiting, counted in the status, then sent once and followed to its end', async ({
  page,
  callscope,
}) => {
  const id = await dealId(callscope, 4);
  await openScreen(page, callscope, `/deals/${id}`);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);

  const offline = callscope.faults.inject({ when: () => true, fault: { kind: 'drop' } });
  // The screen paints from the copy: a read again asks the service, which cannot be reached.
  await page.reload();
  await expect(status(page)).toContainText('Offline — showing what was synced');
  const rescore = page.getByRole('button', { name: 'Re-score', exact: true });
  await expect(page.getByText(/^The service is not answering: Re-score is kept/)).toBeVisible();
  await rescore.focus();
  await page.keyboard.press('Enter');

  await expect(jobSlot(page)).toContainText('Waiting to be sent');
  await expect(jobSlot(page)).toContainText('Callscope sends it once, as soon as the service answers.');
  await expect(rescore).toBeDisabled();
  await expect(status(page)).toContainText('1 to send');
  await expect(status(page)).toHaveAttribute('title', /^1 Re-score or Analyze waiting to be sent\./);
  await expect(page.getByText('Re-score will be sent when the service answers again.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/status30-queued-deal.png' });
  await status(page).screenshot({ path: '/tmp/status30-status-queued.png' });
  expect(offline.injected()).toBeGreaterThan(0);

  offline.remove();
  await expect(jobSlot(page)).toContainText(/Scoring this deal — processing|^Scored/, { timeout: 20_000 });
  await expect(jobSlot(page)).toContainText(/^Scored/, { timeout: 20_000 });
  await expect(status(page)).not.toContainText('to send');
  await status(page).screenshot({ path: '/tmp/status30-status-online.png' });
  expect(startsReaching(callscope, id)).toHaveLength(1);
});

test('a start waiting to be sent is cancelled, and sent nothing; Ctrl Z queues it again', async ({
  page,
  callscope,
}) => {
  const id = await dealId(callscope, 5);
  await openScreen(page, callscope, `/deals/${id}`);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  const offline = callscope.faults.inject({ when: () => true, fault: { kind: 'drop' } });
  await page.reload();
  await expect(status(page)).toContainText('Offline');
  await page.getByRole('button', { name: 'Re-score', exact: true }).click();
  await jobSlot(page).getByRole('button', { name: 'Cancel Re-score' }).click();
  await expect(page.getByText('Re-score cancelled: nothing was sent.')).toBeVisible();
  await expect(jobSlot(page)).not.toContainText('Waiting to be sent');
  await expect(status(page)).not.toContainText('to send');

  await page.keyboard.press('Control+z');
  await expect(jobSlot(page)).toContainText('Waiting to be sent');
  await jobSlot(page).getByRole('button', { name: 'Cancel Re-score' }).click();
  await expect(jobSlot(page)).not.toContainText('Waiting to be sent');
  expect(offline.injected()).toBeGreaterThan(0);
  expect(startsReaching(callscope, id)).toEqual([]);
});

test('Enter on the status opens the local copy’s settings', async ({ page, callscope }) => {
  await openScreen(page, callscope, '/team');
  await expect(status(page)).toContainText(/Updated|syncing|up to date|local copy/i);
  await status(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.locator('#local-copy')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Local copy' })).toBeVisible();
});
