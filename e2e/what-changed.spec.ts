import type { Page } from '@playwright/test';
import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { invoke } from './copy-scope-helpers';
import { demoOrg, expectAccessible, openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';
import { syncAgain, syncState } from './support/sync';

// The app's own background sync, and a service that can be stopped (offline).
test.use({ backgroundSync: true, outageRehearsal: true });

async function dealSet(callscope: CallscopeApp, deal: ServedDeal, ...fields: string[]): Promise<void> {
  await callscope.serviceCli(['deal', 'set', '--org', demoOrg(callscope).id, '--deal', deal.id, ...fields]);
}

/** Every row the screen lists, as its text, in the order shown. */
async function rows(page: Page): Promise<string[]> {
  await expect(page.getByRole('status', { name: 'Reading what changed' })).toHaveCount(0);
  return page.locator('.change-row').allInnerTexts();
}

const day = 86_400_000;

test('lists exactly the changes since my last look, offline too, a change and its undoing both, and opens each from the keyboard', async ({
  page,
  request,
  callscope,
}) => {
  // Three sync rounds, a call's upload and an outage: longer than one screen's test.
  test.slow();
  await expect.poll(() => syncState(request, callscope), { timeout: 60_000 }).toBe('up-to-date');
  await invoke(request, callscope, 'markReviewed', {});

  const org = demoOrg(callscope);
  const members = org.members.map((member) => member.id);
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data;
  const taken = new Set<string>();
  const pick = (fits: (deal: ServedDeal) => boolean) => {
    const deal = deals.find((candidate) => !taken.has(candidate.id) && fits(candidate));
    if (!deal) throw new Error('the seeded workspace has too few deals for this test');
    taken.add(deal.id);
    return deal;
  };
  const slipped = pick((deal) => deal.close_date !== null);
  const grown = pick((deal) => deal.forecast_amount !== null);
  const [moved, handedOver, dropped] = [pick(() => true), pick(() => true), pick(() => true)];
  const newStatus = moved.status === 'OPEN' ? 'ON_HOLD' : 'OPEN';
  await dealSet(callscope, moved, '--status', newStatus);
  await dealSet(callscope, grown, '--amount', String(grown.forecast_amount! + 5000));
  const later = new Date(Date.parse(slipped.close_date!) + 30 * day).toISOString();
  await dealSet(callscope, slipped, '--close-date', later);
  const newOwner = members.find((member) => member !== handedOver.owner_id)!;
  await dealSet(callscope, handedOver, '--owner', newOwner);
  await dealSet(callscope, dropped, '--status', 'DELETED');
  const callId = (await callscope.serviceCli(['ingest', '--org', org.id, '--title', 'Pricing follow-up'])).trim();
  await expect
    .poll(async () => (await serviceGet<{ data: ServedVideo }>(callscope, `/v1/videos/${callId}`)).data.status, {
      timeout: 30_000,
    })
    .toBe('READY');
  await syncAgain(request, callscope);

  /** A deal's title as a row shows it, ready to sit in a pattern. */
  const title = (deal: ServedDeal) => (deal.title ?? 'Untitled deal').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expected = [
    new RegExp(`^Status\\s+${title(moved)}\\s`),
    new RegExp(`^Amount up\\s+${title(grown)}\\s.*\\(\\+5,000\\)`),
    new RegExp(`^Close date pushed out\\s+${title(slipped)}\\s.*\\(30 days later\\) · pushed 1 time so far`),
    new RegExp(`^Owner\\s+${title(handedOver)}\\s`),
    new RegExp(`^Removed\\s+${title(dropped)}\\s`),
    /^New call\s+No deal\s+Pricing follow-up · no deal · .+ speaks on it/,
  ];
  const expectExactly = async () => {
    const shown = await rows(page);
    expect(shown, shown.join('\n')).toHaveLength(expected.length);
    for (const row of expected) expect(shown.some((text) => row.test(text.replace(/\n/g, ' ')))).toBe(true);
    await expect(page.getByText(new RegExp(`^${expected.length} changes since your last look`))).toBeVisible();
    await expect(
      page.getByText(/This copy knows the deals’ history from .+, its first sync on this machine/),
    ).toBeVisible();
  };

  await openScreen(page, callscope, '/deals');
  await page.getByRole('link', { name: 'What changed since my last look' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
  await expectExactly();
  // By owner: the deal handed over sits with its new owner.
  const newOwnerName = await page.getByLabel('Owner').locator(`option[value="${newOwner}"]`).innerText();
  await expect(page.getByRole('region', { name: newOwnerName }).locator('.change-row')).toContainText([
    `Owner${handedOver.title ?? 'Untitled deal'}`,
  ]);

  await whileServiceStopped(callscope, async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
    await expectExactly();
  });

  // Undone, and a deal removed is back: the change and its undoing both show.
  await dealSet(callscope, moved, '--status', moved.status);
  await dealSet(callscope, dropped, '--status', dropped.status);
  await syncAgain(request, callscope);
  expected.push(
    new RegExp(`^Status\\s+${title(moved)}\\s+.*→ ${humanStatus(moved.status)}`),
    new RegExp(`^Back in the pipeline\\s+${title(dropped)}\\s`),
  );
  await expect.poll(async () => (await rows(page)).length).toBe(expected.length);
  await expectExactly();
  await page.getByLabel('Group by').selectOption('kind');
  await expect(page.getByRole('heading', { level: 2, name: 'Status moves 2' })).toBeVisible();
  const statusMoves = page.getByRole('region', { name: /^Status moves/ }).locator('.change-row');
  await expect(statusMoves).toContainText([`→ ${humanStatus(moved.status)}`, `${humanStatus(moved.status)} →`]);
  await expectAccessible(page);

  // The review is done: nothing is new since; Undo brings the list back.
  await page.getByRole('button', { name: 'Mark review done' }).click();
  await expect(page.getByText('Nothing changed')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await rows(page)).length).toBe(expected.length);

  // A named bookmark: saved at this moment, chosen, nothing since; removed, and its removal undone.
  await page.getByRole('button', { name: 'Save a bookmark…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a bookmark' });
  await dialog.getByLabel('Name').fill('Forecast call');
  await dialog.getByRole('button', { name: 'Save bookmark' }).click();
  await expect(dialog).toBeHidden();
  const since = page.getByRole('combobox', { name: 'Since', exact: true });
  await since.selectOption((await since.locator('option', { hasText: 'Forecast call' }).getAttribute('value'))!);
  await expect(page.getByText('Nothing changed')).toBeVisible();
  await expect(page.getByText(/^No changes since “Forecast call”/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove this bookmark' }).click();
  await expect(page.getByText('Bookmark “Forecast call” removed.')).toBeVisible();
  await expect(since.locator('option', { hasText: 'Forecast call' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(since.locator('option:checked')).toHaveText(/^Forecast call/);

  // From the keyboard: G W, then J to the first change and Enter opens its deal or call.
  await openScreen(page, callscope, '/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page.getByRole('heading', { level: 1, name: 'What changed' })).toBeVisible();
  await expect(page).toHaveURL(/#\/changes$/);
  await expect(page.locator('.change-row').first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.locator('.change-row').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/(deals|calls)\/[^/?]+$/);
});

const humanStatus = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace('_', ' ');
