import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { demoKey, demoOrg, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// After an action whose button goes away or is disabled, focus lands on what the action produced,
// so keyboard and screen-reader users keep their place instead of starting again from the page.

test('Re-score moves focus to the job line, then to the new probability', async ({ page, callscope }) => {
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=ON_HOLD')).data;
  await openScreen(page, callscope, `/deals/${deals[0]!.id}`);
  // The job can finish between two polls of a loaded machine, and focus moves on with it: every
  // element focused from here on is kept, so the order is checked, not a moment caught.
  await page.evaluate(() => {
    const focused: string[] = [];
    (window as unknown as { focused: string[] }).focused = focused;
    document.addEventListener('focusin', (event) => focused.push((event.target as Element).className));
  });
  await page.getByRole('button', { name: 'Re-score' }).focus();
  await page.keyboard.press('Enter');

  const scored = page.getByText(/Scored: win probability (\d+)%/);
  await expect(scored).toBeVisible();
  const probability = (await scored.innerText()).match(/(\d+)%/)![0];
  const value = page.locator('.probability-value');
  await expect(value).toBeFocused();
  await expect(value).toHaveText(probability);
  const focused = await page.evaluate(() => (window as unknown as { focused: string[] }).focused);
  expect(focused.slice(-2).map((name) => name.split(' ')[0])).toEqual(['job-slot', 'probability-value']);
});

test('Analyze moves focus to the job line', async ({ page, callscope }) => {
  const video = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY')).data.at(-1)!;
  await openScreen(page, callscope, `/calls/${video.id}`);
  await page.getByRole('button', { name: 'Analyze' }).first().focus();
  await page.keyboard.press('Enter');
  const jobLine = page.locator('.job-slot');
  await expect(jobLine).toBeFocused();
  await expect(jobLine).toContainText(/Analys(ing this call|ed)/);
  await expect(jobLine).toContainText(/^Analysed/, { timeout: 20_000 });
  await expect(jobLine).toBeFocused();
});

test('deleting a webhook moves focus to the list’s heading', async ({ page, callscope }) => {
  const host = 'focus.callscope-e2e.example';
  const url = `https://${host}/deleted-${Date.now()}`;
  await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id, host]);
  try {
    const created = await fetch(`${callscope.serviceUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demoKey(callscope)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(created.status).toBe(201);
  } finally {
    await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id]);
  }
  await openScreen(page, callscope, '/webhooks');
  await page.getByRole('button', { name: `Delete ${url}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this endpoint?' })
    .getByRole('button', { name: 'Delete endpoint' })
    .click();
  await expect(page.getByText(url)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeFocused();
});
