import { expectAccessible, whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';
import {
  coverageTotal,
  decide,
  idsShown,
  queueOfAllCalls,
  queueRows as rows,
  snoozeDays,
} from './support/review-queue';
import { syncedApp } from './support/sync';

// The app's background sync fills the copy the queue reads; the service is stopped last.
test.use({ backgroundSync: true, outageRehearsal: true, timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

test('the review queue ranks the synced calls, takes one key per decision, undoes it, and keeps the decisions', async ({
  page,
  callscope,
}) => {
  await syncedApp(page, callscope.appUrl);
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByText('Before your first pass:')).toBeVisible();
  await expect(page.getByText(/^Ranked by points: 2 per checklist item not met/)).toBeVisible();

  // The seeded calls are older than any recent window: every call.
  await page.getByLabel('Window').selectOption('all');
  await expect(rows(page).first()).toBeVisible();
  const before = await idsShown(page);
  // The seed gives the reps analysed calls with reasons to rank them by, most points first.
  const points = (await rows(page).locator('.review-points').allTextContents()).map(Number);
  expect(points.length).toBeGreaterThanOrEqual(6);
  expect(points.filter((value) => value > 0).length).toBeGreaterThanOrEqual(3);
  expect(points).toEqual([...points].sort((a, b) => b - a));
  // The checklist's misses are among the reasons shown.
  await expect(
    rows(page)
      .getByText(/^(Not met|Partly met): /)
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  // `1` on the first row: it leaves at once, focus on the next; Ctrl Z brings it back.
  await page.keyboard.press('j');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('1');
  await expect(page.getByRole('status').getByText(/marked reviewed\. Ctrl Z undoes it\./)).toBeVisible();
  expect(await idsShown(page)).toEqual(before.slice(1));
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect.poll(() => idsShown(page)).toEqual(before);

  // 1, 2, 3 and H on the first four rows, each applied at once.
  const [reviewed, oneOnOne, dismissed, snoozed] = before as string[];
  await decide(page, reviewed!, '1');
  await decide(page, oneOnOne!, '2');
  await expect(page.getByRole('status').getByText(/added to .+’s next 1:1\./)).toBeVisible();
  await decide(page, dismissed!, '3');
  await expect(page.getByRole('status').getByText(/dismissed\./)).toBeVisible();
  await decide(page, snoozed!, 'h');
  await expect(page.getByRole('dialog', { name: 'Snooze until' })).toBeVisible();
  await expectAccessible(page);
  await snoozeDays(page, 3);
  await expect(page.getByRole('status').getByText(/snoozed to /)).toBeVisible();
  await expect.poll(() => idsShown(page)).toEqual(before.slice(4));
  // Undo takes back the last decision only: the snoozed call returns.
  await page.keyboard.press('Control+z');
  await expect.poll(() => idsShown(page)).toEqual([snoozed, ...before.slice(4)]);
  await decide(page, snoozed!, 'h');
  await snoozeDays(page, 3);
  await expect.poll(() => idsShown(page)).toEqual(before.slice(4));

  // Each rep's coverage counts the manager's decisions.
  await expect.poll(() => coverageTotal(page, 'Reviewed')).toBe(1);
  await expect.poll(() => coverageTotal(page, 'To 1:1')).toBe(1);
  await expect.poll(() => coverageTotal(page, 'Dismissed')).toBe(1);
  await expect.poll(() => coverageTotal(page, 'Snoozed')).toBe(1);
  await expect.poll(() => coverageTotal(page, 'In queue')).toBe(before.length - 4);

  // N on a row writes a private note on its call; Enter opens the focused call, the note on its page.
  const first = rows(page).first();
  const firstId = await first.getAttribute('data-call-id');
  await first.focus();
  await page.keyboard.press('n');
  const editor = page.getByRole('dialog', { name: 'Add a private note' });
  await expect(editor.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('Ask about the pricing objection');
  await page.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/calls/${firstId}$`));
  await expect(
    page.getByRole('region', { name: 'Your notes' }).getByText('Ask about the pricing objection'),
  ).toBeVisible();

  // Read again from the copy (a new page on the same app): the decisions are kept.
  expect(await queueOfAllCalls(page, callscope.appUrl)).toEqual(before.slice(4));
  await expect.poll(() => coverageTotal(page, 'Reviewed')).toBe(1);
});

test('marking the pass done empties the queue of what came in before it, and can be undone', async ({
  page,
  callscope,
}) => {
  await syncedApp(page, callscope.appUrl);
  const before = await queueOfAllCalls(page, callscope.appUrl);
  await page.getByRole('button', { name: 'Mark this pass done' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Since your last pass, /)).toBeVisible();
  await expect(page.getByText('Nothing to review')).toBeVisible();
  // The calls the pass went by are counted still, as passed undecided.
  await expect.poll(() => coverageTotal(page, 'Passed undecided')).toBe(before.length);
  await expect.poll(() => coverageTotal(page, 'In queue')).toBe(0);
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Before your first pass:')).toBeVisible();
  await expect.poll(() => idsShown(page)).toEqual(before);

  // `G` then `H` on a call goes to Webhooks: a key after `G` is no decision.
  await rows(page).first().focus();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Snooze until' })).toBeHidden();
});

test('works offline: the queue reads and decides from the local copy with the service stopped', async ({
  page,
  callscope,
}) => {
  await syncedApp(page, callscope.appUrl);
  const before = await queueOfAllCalls(page, callscope.appUrl);
  await whileServiceStopped(callscope, async () => {
    expect(await queueOfAllCalls(page, callscope.appUrl)).toEqual(before);
    await rows(page).first().focus();
    await page.keyboard.press('3');
    await expect(page.getByRole('status').getByText(/dismissed\./)).toBeVisible();
    await expect.poll(() => idsShown(page)).toEqual(before.slice(1));
    await page.keyboard.press('Control+z');
    await expect.poll(() => idsShown(page)).toEqual(before);
  });
});
