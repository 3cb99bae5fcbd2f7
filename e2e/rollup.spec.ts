import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Deal, type DealDetail, type Member, memberName } from '../src/shared/api';
import { parseCallscopeLink } from '../src/shared/moment-link';
import { demoOrg, expectAccessible, openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app's own sync fills the copy the roll-up reads; the service can be stopped; every request
// the app sends passes the fault proxy, which keeps it, so a test can say what never left.
test.use({ backgroundSync: true, outageRehearsal: true, faultProxy: true });

/** A bridge call as the page makes it, for what a test sets up rather than shows. */
async function bridge(request: APIRequestContext, callscope: CallscopeApp, op: string, params: object = {}) {
  const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op, params },
  });
  const settled = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!settled.ok) throw new Error(`${op}: ${settled.error?.message}`);
  return settled.value as Record<string, unknown>;
}

async function syncedUpToDate(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await expect
    .poll(async () => (await bridge(request, callscope, 'getSyncStatus')).state, { timeout: 60_000 })
    .toBe('up-to-date');
}

/** One more round of the sync, to its end: what the deals' CRM changed reaches the copy. */
async function syncAgain(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  await bridge(request, callscope, 'pauseSync');
  expect((await bridge(request, callscope, 'resumeSync')).state).toBe('syncing');
  await syncedUpToDate(request, callscope);
}

/** A member of the demo workspace's organisation, as the service serves them. */
async function demoMember(callscope: CallscopeApp, index: number): Promise<Member> {
  const id = demoOrg(callscope).members[index]!.id;
  return (await serviceGet<{ data: Member[] }>(callscope, '/v1/members')).data.find((member) => member.id === id)!;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A deal's row of a list of deals (titles repeat: by the link to it). */
const rowOf = (list: Locator, deal: { id: string }) =>
  list.locator('tbody tr', { has: list.page().locator(`a[href="#/deals/${encodeURIComponent(deal.id)}"]`) });

const euros = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value);

/** The roll-up's cell of a row's owner and a month (`Jan 2031`), or of the row's total (`every month`). */
const cellOf = (page: Page, owner: string, month: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${escaped(owner)}, ${month}: `) });

test('seed → sync → the roll-up of a quarter shows the copy’s sums; the manager’s call changes it and is undone, never sent; offline it still shows', async ({
  page,
  request,
  callscope,
}) => {
  test.setTimeout(180_000);
  await bridge(request, callscope, 'setSyncBudget', { requestsPerSecond: 50 });
  const { activeId } = await bridge(request, callscope, 'listWorkspaces');
  await bridge(request, callscope, 'setWorkspaceCurrency', { workspaceId: activeId, currency: 'EUR' });
  await syncedUpToDate(request, callscope);

  // Three deals with a win probability, made open by their CRM and moved into the first quarter of
  // 2031, to one owner: 10,000 in January, 20,000 and one without an amount in February.
  const org = demoOrg(callscope);
  const owner = await demoMember(callscope, 1);
  const listed = (await serviceGet<{ data: Deal[] }>(callscope, '/v1/deals?limit=100')).data;
  const scored: DealDetail[] = [];
  for (const deal of listed) {
    const detail = (await serviceGet<{ data: DealDetail }>(callscope, `/v1/deals/${deal.id}`)).data;
    if (detail.probability !== null && detail.probability !== undefined) scored.push(detail);
  }
  expect(scored.length).toBeGreaterThanOrEqual(3);
  const [january, february, unpriced] = scored as [DealDetail, DealDetail, DealDetail];
  const set = (deal: DealDetail, ...fields: string[]) =>
    callscope.serviceCli(['deal', 'set', '--org', org.id, '--deal', deal.id, '--owner', owner.id, ...fields]);
  await set(january, '--status', 'OPEN');
  await set(february, '--status', 'OPEN');
  await set(unpriced, '--status', 'OPEN');
  await set(january, '--close-date', '2031-01-15T12:00:00Z', '--amount', '10000');
  await set(february, '--close-date', '2031-02-10T12:00:00Z', '--amount', '20000');
  await set(unpriced, '--close-date', '2031-02-20T12:00:00Z', '--amount', 'none');
  await syncAgain(request, callscope);
  const bookmark = new Date().toISOString();

  const name = memberName(owner);
  const address = `/rollup?from=2031-01&to=2031-03&since=${encodeURIComponent(bookmark)}`;
  await openScreen(page, callscope, address);
  await expect(page.getByRole('heading', { level: 1, name: 'Roll-up' })).toBeVisible();
  const januaryModel = (10_000 * january.probability!) / 100;
  const februaryModel = (20_000 * february.probability!) / 100;
  const januaryCell = cellOf(page, name, 'Jan 2031');
  const februaryCell = cellOf(page, name, 'Feb 2031');
  await expect(januaryCell).toContainText(`1 deal · ${euros(10_000)}`);
  await expect(januaryCell).toContainText(`Model ${euros(januaryModel)}`);
  await expect(februaryCell).toContainText(`2 deals · ${euros(20_000)}`);
  await expect(februaryCell).toContainText(`Model ${euros(februaryModel)}`);
  // The deal without an amount is counted, and said to lack one: never summed as 0 unsaid.
  await expect(februaryCell).toContainText('1 without an amount');
  await expect(cellOf(page, name, 'Mar 2031')).toHaveText('—');
  await expect(cellOf(page, name, 'every month')).toContainText(`3 deals · ${euros(30_000)}`);

  // Enter on a cell lists its deals; a row's own key sets the manager's call at once, Undo takes it back.
  await februaryCell.focus();
  await page.keyboard.press('Enter');
  const deals = page.getByRole('region', { name: `${name} · February 2031` });
  const notice = page.locator('.toast');
  const row = rowOf(deals, february);
  await expect(deals.locator('tbody tr')).toHaveCount(2);
  await row.focus();
  await page.keyboard.press('c');
  const toast = notice.filter({ hasText: `Commit on “${february.title}”` });
  await expect(toast).toBeVisible();
  await expect(row.getByRole('combobox', { name: /Your call on/ })).toHaveValue('commit');
  await expect(februaryCell).toContainText(
    `Call ${euros(20_000)} +${euros(20_000 - februaryModel)}`.replace(/\+€0$/, '±0'),
  );
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toBeHidden();
  await expect(row.getByRole('combobox', { name: /Your call on/ })).toHaveValue('');
  await expect(februaryCell).toContainText(`Call ${euros(februaryModel)} ±0`);

  // The manager's own amount, applied on Enter, and taken back with Ctrl Z while the notice shows.
  const ownAmount = row.getByRole('textbox', { name: /Your amount on/ });
  await ownAmount.fill('424242');
  await ownAmount.press('Enter');
  await expect(notice).toContainText(`Your amount ${euros(424_242)} on “${february.title}”`);
  await expect(februaryCell).toContainText(`Call ${euros((424_242 * february.probability!) / 100)}`);
  await expect(row).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(notice).toBeHidden();
  await expect(ownAmount).toHaveValue('');
  await expect(februaryCell).toContainText(`Call ${euros(februaryModel)} ±0`);

  // A call that stays, a deal pushed out of January, and a round of the sync: the slip shows, and
  // no request the app made carries the manager's call.
  await row.getByRole('combobox', { name: /Your call on/ }).selectOption('best-case');
  await rowOf(deals, unpriced).getByRole('textbox').fill('555111');
  await rowOf(deals, unpriced).getByRole('textbox').press('Enter');
  await expect(notice).toContainText(`Your amount ${euros(555_111)}`);
  await set(january, '--close-date', '2031-05-15T12:00:00Z');
  await syncAgain(request, callscope);
  await openScreen(page, callscope, address);
  await expect(januaryCell).toHaveText('1 slipped out');
  await expect(februaryCell).toContainText(`Call ${euros(februaryModel + (555_111 * unpriced.probability!) / 100)}`);
  const sent = callscope.faults.received();
  expect(sent.map((request) => request.endpoint)).toEqual(expect.arrayContaining(['listDeals', 'getDeal']));
  for (const request of sent) {
    expect(`${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body}`).not.toMatch(
      /424242|555111|best-case|commit|omit/i,
    );
  }
  await januaryCell.click();
  await expect(page.getByRole('region', { name: `${name} · January 2031` })).toContainText(january.title!);

  // Offline: the roll-up is the copy's, overlays and all, and a call is still kept.
  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, address);
    await expect(page.getByText(/Offline — /)).toBeVisible();
    await expect(februaryCell).toContainText(`2 deals · ${euros(20_000)}`);
    await expect(februaryCell).toContainText(`Call ${euros(februaryModel + (555_111 * unpriced.probability!) / 100)}`);
    await expect(januaryCell).toHaveText('1 slipped out');
    await februaryCell.click();
    await rowOf(deals, february).getByRole('combobox').selectOption('omit');
    await expect(notice).toContainText(`Omit on “${february.title}”`);
    await expect(februaryCell).toContainText(`Call ${euros((555_111 * unpriced.probability!) / 100)}`);
  });
});

test('G O opens the roll-up of the current quarter, j and k step through its cells, and ? lists its keys', async ({
  page,
  request,
  callscope,
}) => {
  await bridge(request, callscope, 'setSyncBudget', { requestsPerSecond: 50 });
  await openScreen(page, callscope, '/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1, name: 'Roll-up' })).toBeVisible();
  const now = new Date();
  const quarterStart = new Date(now.getFullYear(), Math.floor(now.getMonth() / 3) * 3, 1);
  await expect(page.getByLabel('From')).toHaveValue(
    `${quarterStart.getFullYear()}-${String(quarterStart.getMonth() + 1).padStart(2, '0')}`,
  );

  // A deal of its own in a month no other test uses, so the grid has a cell whatever else moved.
  const org = demoOrg(callscope);
  const [deal] = (await serviceGet<{ data: Deal[] }>(callscope, '/v1/deals?limit=1')).data;
  await callscope.serviceCli([
    'deal',
    'set',
    '--org',
    org.id,
    '--deal',
    deal!.id,
    '--status',
    'OPEN',
    '--close-date',
    '2032-07-10T12:00:00Z',
  ]);
  await syncedUpToDate(request, callscope);
  await syncAgain(request, callscope);
  await openScreen(page, callscope, '/rollup?from=2032-06&to=2032-08');
  const cells = page.locator('.rollup-cell');
  await expect(cells.first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(cells.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(cells.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const july = page.getByRole('region', { name: / · July 2032$/ });
  const first = july.locator('tbody tr').first();
  await expect(first).toBeFocused();
  // The grid, a cell's deals and the undo notice, in both themes.
  await page.keyboard.press('x');
  await expect(page.locator('.toast')).toContainText('Omit on');
  // Under the pointer the notice stays, however long the scans take.
  await page.locator('.toast').hover();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
  await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
  await expect(first.getByRole('combobox')).toHaveValue('');
  await first.focus();
  await page.keyboard.press('Escape');
  await expect(cells.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(cells.first()).toBeFocused();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /G\s+then\s+O\s+Go to Roll-up/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /Commit \/ Best case \/ Omit/ })).toBeVisible();
});

test('E on a focused roll-up cell saves one review pack of its deals in the roll-up’s order, each link opening one of them', async ({
  page,
  request,
  callscope,
}) => {
  test.setTimeout(180_000);
  await bridge(request, callscope, 'setSyncBudget', { requestsPerSecond: 50 });
  await syncedUpToDate(request, callscope);

  // Three deals, two of them with calls, made open and given to one owner in a quarter no other test uses.
  const org = demoOrg(callscope);
  const owner = await demoMember(callscope, 2);
  const listed = (await serviceGet<{ data: Deal[] }>(callscope, '/v1/deals?limit=100')).data;
  const calls = (
    await serviceGet<{ data: { id: string; deal_id: string | null }[] }>(callscope, '/v1/videos?limit=100')
  ).data;
  const withCalls = listed.filter((deal) => calls.some((call) => call.deal_id === deal.id));
  const packed = [withCalls[0]!, withCalls[1]!, listed.find((deal) => !withCalls.includes(deal))!];
  for (const [index, deal] of packed.entries()) {
    await callscope.serviceCli([
      ...['deal', 'set', '--org', org.id, '--deal', deal.id, '--owner', owner.id, '--status', 'OPEN'],
      ...['--close-date', `2033-0${4 + index}-10T12:00:00Z`],
    ]);
  }
  await syncAgain(request, callscope);

  const name = memberName(owner);
  await openScreen(page, callscope, '/rollup?from=2033-04&to=2033-06');
  const rowTotal = cellOf(page, name, 'every month');
  await expect(rowTotal).toContainText('3 deals');
  // By keyboard: j steps through the owner's months to the row's total.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('j');
  await expect(rowTotal).toBeFocused();
  const bar = page.getByRole('region', { name: 'The focused cell’s deals' });
  await expect(bar).toContainText(`${name} · `);
  await expect(bar).toContainText('3 deals');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('e')]);
  expect(download.suggestedFilename()).toMatch(/ review pack\.md$/);
  await expect(bar.getByText(`Review pack downloaded: ${download.suggestedFilename()}`)).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');

  // The roll-up's order is the order its cell lists the deals in.
  await page.keyboard.press('Enter');
  const listedHere = page.getByRole('region', { name: new RegExp(`^${escaped(name)} · `) });
  await expect(listedHere.locator('tbody tr')).toHaveCount(3);
  const order = await listedHere
    .locator('tbody tr a[href^="#/deals/"]')
    .evaluateAll((links) =>
      links.map((link) => decodeURIComponent(link.getAttribute('href')!.slice('#/deals/'.length))),
    );
  expect(text.split('\n')[0]).toMatch(new RegExp(`^# Review pack: ${escaped(name)} · `));
  const contents = text.slice(text.indexOf('## Contents'), text.indexOf('## 1. '));
  const contentsDeals = [...contents.matchAll(/\(callscope:\/\/deal\/([^)]+)\)/g)].map((match) =>
    decodeURIComponent(match[1]!),
  );
  expect(contentsDeals).toEqual(order);
  expect(text.match(/^## \d+\. /gm)).toHaveLength(3);

  // Every link opens one of the row's deals or one of their calls, as the app's own link handling reads it.
  const ids = new Set(packed.map((deal) => deal.id));
  const links = [...text.matchAll(/\]\((callscope:\/\/[^)\s]+)\)/g)].map((match) => match[1]!);
  for (const link of links) {
    const target = parseCallscopeLink(link);
    expect(target, link).not.toBeNull();
    if (target!.screen === 'deal') expect(ids.has(target!.id), link).toBe(true);
    else expect(ids.has(calls.find((call) => call.id === target!.id)?.deal_id ?? ''), link).toBe(true);
  }
  expect(links.filter((link) => parseCallscopeLink(link)?.screen === 'call').length).toBeGreaterThan(1);

  // Shift E: the same pack as one page that prints, its contents jumping to each deal's part.
  await rowTotal.focus();
  const [printable] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Shift+E')]);
  expect(printable.suggestedFilename()).toMatch(/ review pack\.html$/);
  const html = await readFile((await printable.path())!, 'utf8');
  expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  expect(html).not.toMatch(/<script|<img|<iframe/);
  // A browser finds a heading by its link's fragment decoded.
  const anchors = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
  expect(anchors).toHaveLength(3);
  for (const anchor of anchors) expect(html).toContain(`<h2 id="${anchor}">`);
  await expectAccessible(page);
});
