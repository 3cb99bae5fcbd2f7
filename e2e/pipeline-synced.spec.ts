import type { Page } from '@playwright/test';
import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

// The app's own background sync, and the requests it makes of the service counted.
test.use({ backgroundSync: true, serviceVariant: 'as-is' });

/** The reads a card of the board makes for itself when the local copy does not bring them. */
const perCardReads = ['getDeal', 'listActivities', 'listScorings', 'searchTranscripts', 'listDeals'];

test('on a synced copy the Pipeline reads each column once, and opening it costs the service a handful of requests', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/settings');
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 60_000,
  });
  const reads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/bridge/invoke')) reads.push((JSON.parse(sent.postData()!) as { op: string }).op);
  });
  const before = callscope.requestsMade().length;

  await openScreen(page, callscope, '/deals');
  const columns = page.locator('.deal-group');
  await expect(columns).toHaveCount(5);
  for (const column of await columns.all()) {
    await expect(column.locator('.group-total')).toContainText(/\d+ deals? · /);
  }
  await expect(page.locator('.deal-card').first()).toBeVisible();
  await expect(page.locator('.card-probability', { hasText: 'Probability…' })).toHaveCount(0);
  await expect(page.locator('.card-probability', { hasText: /% to win|Not scored/ }).first()).toBeVisible();
  // Anything a card would read for itself would have started by now.
  await page.waitForTimeout(1000);

  const board = reads.filter((op) => op === 'listBoardDeals');
  const shell = reads.filter((op) => op !== 'listBoardDeals');
  expect(board).toHaveLength(5);
  expect(shell.filter((op) => perCardReads.includes(op))).toEqual([]);
  // The shell's own reads, and the manager's warning snoozes the cards leave out.
  expect(shell.length, `the shell's reads: ${shell.join(', ')}`).toBeLessThanOrEqual(9);
  const asked = callscope
    .requestsMade()
    .slice(before)
    .map((request) => `${request.method} ${request.path}`);
  expect(asked.length, `the service was asked: ${asked.join(', ')}`).toBeLessThanOrEqual(5);
  test
    .info()
    .annotations.push(
      { type: 'bridge reads', description: reads.join(', ') },
      { type: 'service requests', description: asked.join(', ') },
    );
});

/** Every card's text per column, once each shows its probability (and, at risk only, once every deal is checked). */
async function boardText(page: Page): Promise<string[][]> {
  await expect(page.locator('.deal-group')).toHaveCount(5);
  await expect(page.locator('.deal-card').first()).toBeVisible();
  await expect(page.locator('.card-probability', { hasText: 'Probability…' })).toHaveCount(0);
  await expect(page.getByText(/^Checking \d+ deals? for warnings…$/)).toHaveCount(0);
  // Every card the column counts is listed, those below the fold too (they render a frame later).
  for (const column of await page.locator('.deal-group').all()) {
    const counted = Number.parseInt((await column.locator('.group-title .count').textContent()) ?? '', 10);
    await expect(column.locator('.deal-card')).toHaveCount(counted);
  }
  return Promise.all(
    (await page.locator('.deal-group').all()).map((column) => column.locator('.deal-card').allInnerTexts()),
  );
}

test('on a synced copy every card shows what its own reads show: probability, owner, amount, warnings', async ({
  page,
  request,
  callscope,
}) => {
  const bridge = (op: string) =>
    request.post(`${callscope.appOrigin}/bridge/invoke`, {
      headers: { 'x-callscope-token': callscope.bridgeToken },
      data: { op, params: {} },
    });
  await openScreen(page, callscope, '/settings');
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 60_000,
  });
  const reads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/bridge/invoke')) reads.push((JSON.parse(sent.postData()!) as { op: string }).op);
  });
  await openScreen(page, callscope, '/deals?risk=1');
  const fromCopy = await boardText(page);
  await openScreen(page, callscope, '/deals');
  const fromCopyAll = await boardText(page);
  expect(reads.filter((op) => perCardReads.includes(op))).toEqual([]);

  // Paused, the sync no longer keeps the copy: each card reads its own, as without a copy.
  expect(await (await bridge('pauseSync')).json()).toMatchObject({ ok: true, value: { state: 'paused' } });
  try {
    reads.length = 0;
    await openScreen(page, callscope, '/deals?risk=1');
    expect(await boardText(page)).toEqual(fromCopy);
    await openScreen(page, callscope, '/deals');
    expect(await boardText(page)).toEqual(fromCopyAll);
    expect(reads).toContain('getDeal');
  } finally {
    await bridge('resumeSync');
  }
  expect(fromCopy.flat().some((card) => /No activity|Never scored|Pricing never mentioned/.test(card))).toBe(true);
});
