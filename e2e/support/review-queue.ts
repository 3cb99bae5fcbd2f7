import { expect, type Locator, type Page } from '@playwright/test';

/** The queue's rows, one a call, in the order shown. */
export const queueRows = (page: Page): Locator => page.locator('table.review-queue tbody tr');

/** The calls the queue shows, in order. */
export const idsShown = (page: Page): Promise<(string | null)[]> =>
  queueRows(page).evaluateAll((shown) => shown.map((row) => row.getAttribute('data-call-id')));

/**
 * Opens the review queue over all calls (the seeded calls are older than any recent window) on the
 * app at `appUrl`, and gives the calls it lists once it lists some.
 */
export async function queueOfAllCalls(page: Page, appUrl: string): Promise<(string | null)[]> {
  await page.goto(`${appUrl}#/coaching/review?window=all`);
  await expect(queueRows(page).first()).toBeVisible();
  return idsShown(page);
}

/** Focuses a call's row and presses a decision's key (`1`, `2`, `3`, `h`). */
export async function decide(page: Page, callId: string, key: string): Promise<void> {
  await queueRows(page)
    .and(page.locator(`[data-call-id="${callId}"]`))
    .focus();
  await page.keyboard.press(key);
}

/** Snoozes the call in the open "Snooze until" dialog to a day some days ahead, by keyboard. */
export async function snoozeDays(page: Page, days: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Snooze until' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Day').fill(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** The coverage table's column, added over its reps. */
export async function coverageTotal(page: Page, column: string): Promise<number> {
  const table = page.getByRole('region', { name: 'Your coaching coverage' }).getByRole('table');
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(column);
  const cells = await table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents();
  return cells.reduce((sum, cell) => sum + Number(cell), 0);
}
