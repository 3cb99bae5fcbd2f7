import type { APIRequestContext, Page } from '@playwright/test';
import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { demoKeyOf } from '../src/shared/manifest';
import { openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app's own background sync, the requests it makes of the service counted, a service that can
// stop, and one whose answers a test can change.
test.use({ backgroundSync: true, serviceVariant: 'as-is', outageRehearsal: true, faultProxy: true });

/** Every bridge read the page makes from now on: its operation and the record it names. */
function recordReads(page: Page): { op: string; id?: string }[] {
  const reads: { op: string; id?: string }[] = [];
  page.on('request', (sent) => {
    if (!sent.url().endsWith('/bridge/invoke')) return;
    const { op, params } = JSON.parse(sent.postData()!) as { op: string; params: { id?: string } };
    reads.push({ op, id: params.id });
  });
  return reads;
}

async function untilUpToDate(page: Page, callscope: CallscopeApp) {
  await openScreen(page, callscope, '/settings');
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 60_000,
  });
}

function bridge(request: APIRequestContext, callscope: CallscopeApp, op: string) {
  return request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op, params: {} },
  });
}

/** Runs `during` with the sync paused: the copy is no longer kept, and screens read as without it. */
async function whileSyncPaused(request: APIRequestContext, callscope: CallscopeApp, during: () => Promise<void>) {
  expect(await (await bridge(request, callscope, 'pauseSync')).json()).toMatchObject({
    ok: true,
    value: { state: 'paused' },
  });
  try {
    await during();
  } finally {
    await bridge(request, callscope, 'resumeSync');
  }
}

/** The deals the service lists (every status but DELETED): the ones a sync walk holds. */
async function listedDeals(callscope: CallscopeApp): Promise<Set<string>> {
  return new Set((await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data.map((d) => d.id));
}

/** The calls table's rows as text, once every row's deal is shown. */
async function callRows(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /Calls/ });
  await expect(table.locator('tbody tr').nth(3)).toBeVisible();
  await expect(table.getByText('Deal…')).toHaveCount(0);
  return table.locator('tbody tr:not(.spacer)').allInnerTexts();
}

/** The deal page's Calls section's rows as text, once every row shows its call. */
async function dealCallRows(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Calls' });
  await expect(section.locator('tbody tr').first()).toBeVisible();
  await expect(section.locator('tbody').getByText('…', { exact: true })).toHaveCount(0);
  return section.locator('tbody tr').allInnerTexts();
}

/** A deal with more than one call, from the service. */
async function dealWithCalls(callscope: CallscopeApp): Promise<string> {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  const listed = await listedDeals(callscope);
  const counts = new Map<string, number>();
  for (const call of calls) if (call.deal_id) counts.set(call.deal_id, (counts.get(call.deal_id) ?? 0) + 1);
  const dealId = [...counts].find(([id, count]) => count > 1 && listed.has(id))?.[0];
  if (!dealId) throw new Error('the seeded data has no deal with several calls');
  return dealId;
}

test('on a synced copy the Calls screen reads its rows in one read, and asks no deal of the service', async ({
  page,
  callscope,
}) => {
  await untilUpToDate(page, callscope);
  const listed = await listedDeals(callscope);
  const reads = recordReads(page);
  const before = callscope.requestsMade().length;

  await openScreen(page, callscope, '/calls');
  const rows = await callRows(page);
  // Anything a row would read for itself would have started by now.
  await page.waitForTimeout(1000);

  expect(reads.filter((read) => read.op === 'listCallRows')).toHaveLength(1);
  // A deal no walk lists (deleted before the sync began) is read by its row, once: the copy keeps the answer.
  expect(reads.filter((read) => read.op === 'getDeal' && listed.has(read.id!))).toEqual([]);
  // Each row in view reads ahead the transcript the copy holds (no request); the rest is the shell's,
  // the warning snoozes among them (read with the workspace for the screens that show warnings).
  const shell = reads.filter((read) => !['listCallRows', 'getDeal', 'getHeldTranscript'].includes(read.op));
  expect(shell.length, `the shell's reads: ${shell.map((read) => read.op).join(', ')}`).toBeLessThanOrEqual(7);
  const asked = callscope
    .requestsMade()
    .slice(before)
    .map((request) => `${request.method} ${request.path}`);
  const deals = asked.filter((request) => request.startsWith('GET /v1/deals/'));
  expect(deals.every((request) => !listed.has(request.slice('GET /v1/deals/'.length)))).toBe(true);
  expect(asked.length - deals.length, `the service was asked: ${asked.join(', ')}`).toBeLessThanOrEqual(2);

  // Opened again, not even those: the copy brings what the rows read.
  reads.length = 0;
  const again = callscope.requestsMade().length;
  await openScreen(page, callscope, '/deals');
  await openScreen(page, callscope, '/calls');
  expect(await callRows(page)).toEqual(rows);
  await page.waitForTimeout(1000);
  expect(reads.filter((read) => read.op === 'getDeal')).toEqual([]);
  expect(
    callscope
      .requestsMade()
      .slice(again)
      .filter((request) => request.path.startsWith('/v1/deals/')),
  ).toEqual([]);
  test
    .info()
    .annotations.push(
      { type: 'bridge reads', description: reads.map((read) => read.op).join(', ') },
      { type: 'service requests', description: asked.join(', ') },
    );
});

test('on a synced copy each calls row shows what its own reads show, as with the sync paused', async ({
  page,
  request,
  callscope,
}) => {
  await untilUpToDate(page, callscope);
  await openScreen(page, callscope, '/calls');
  const fromCopy = await callRows(page);
  await openScreen(page, callscope, '/calls?sort=deal-asc');
  const sortedFromCopy = await callRows(page);

  await whileSyncPaused(request, callscope, async () => {
    const reads = recordReads(page);
    await openScreen(page, callscope, '/calls');
    expect(await callRows(page)).toEqual(fromCopy);
    await openScreen(page, callscope, '/calls?sort=deal-asc');
    expect(await callRows(page)).toEqual(sortedFromCopy);
    // Paused, the sync no longer keeps the copy: each row reads its deal, as without a copy.
    expect(reads.map((read) => read.op)).toContain('getDeal');
  });
  expect(fromCopy.some((row) => row.includes('Deal deleted'))).toBe(true);
});

test('on a synced copy a deal page reads its calls in one read, and each row shows what its own read shows', async ({
  page,
  request,
  callscope,
}) => {
  const dealId = await dealWithCalls(callscope);
  await untilUpToDate(page, callscope);
  const reads = recordReads(page);
  const before = callscope.requestsMade().length;

  await openScreen(page, callscope, `/deals/${dealId}`);
  const fromCopy = await dealCallRows(page);
  await page.waitForTimeout(1000);
  expect(fromCopy.length).toBeGreaterThan(1);
  expect(reads.filter((read) => read.op === 'listDealCalls')).toHaveLength(1);
  expect(reads.filter((read) => read.op === 'getVideo')).toEqual([]);
  const asked = callscope
    .requestsMade()
    .slice(before)
    .map((request) => `${request.method} ${request.path}`);
  expect(asked.filter((request) => request.startsWith('GET /v1/videos'))).toEqual([]);
  test
    .info()
    .annotations.push(
      { type: 'bridge reads', description: reads.map((read) => read.op).join(', ') },
      { type: 'service requests', description: asked.join(', ') },
    );

  await whileSyncPaused(request, callscope, async () => {
    reads.length = 0;
    await openScreen(page, callscope, '/deals');
    await openScreen(page, callscope, `/deals/${dealId}`);
    // Paused, the calls are those the deal's activity links, and each row reads its call.
    await expect(page.getByText('The calls this deal’s activity links.')).toBeVisible();
    expect(await dealCallRows(page)).toEqual(fromCopy);
    expect(reads.filter((read) => read.op === 'getVideo').length).toBe(fromCopy.length);
  });
});

test('with the service stopped, the Calls screen and a deal’s calls show from the synced copy', async ({
  page,
  callscope,
}) => {
  const dealId = await dealWithCalls(callscope);
  await untilUpToDate(page, callscope);
  await openScreen(page, callscope, '/calls');
  const calls = await callRows(page);
  await openScreen(page, callscope, `/deals/${dealId}`);
  const dealCalls = await dealCallRows(page);

  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, '/calls');
    await expect(page.getByText('Offline — showing what was synced')).toBeVisible();
    expect(await callRows(page)).toEqual(calls);
    await openScreen(page, callscope, `/deals/${dealId}`);
    expect(await dealCallRows(page)).toEqual(dealCalls);
  });
});

test('a call and a deal changed on the service show on the deal page and the Calls screen once the sync brings them', async ({
  page,
  request,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  const listed = await listedDeals(callscope);
  const call = calls.find((candidate) => candidate.deal_id && listed.has(candidate.deal_id))!;
  const deal = (await serviceGet<{ data: ServedDeal }>(callscope, `/v1/deals/${call.deal_id}`)).data;
  const org = demoKeyOf(callscope.manifest).org.id;
  await untilUpToDate(page, callscope);
  const newRound = async () => {
    await whileSyncPaused(request, callscope, async () => {});
  };
  try {
    await openScreen(page, callscope, `/deals/${deal.id}`);
    await dealCallRows(page);
    const renamed = callscope.faults.inject({
      when: (exchange) => exchange.endpoint === 'listVideos' || exchange.endpoint === 'getVideo',
      fault: {
        kind: 'edit',
        edit(body) {
          const records = Array.isArray(body.data) ? body.data : [body.data];
          for (const record of records as { id: string; title: string }[])
            if (record.id === call.id) record.title = 'A call renamed on the service';
        },
      },
    });
    await newRound();
    await expect(page.getByRole('region', { name: 'Calls' }).getByText('A call renamed on the service')).toBeVisible({
      timeout: 30_000,
    });
    expect(renamed.injected()).toBeGreaterThan(0);

    await openScreen(page, callscope, '/calls');
    await callRows(page);
    const reads = recordReads(page);
    await callscope.serviceCli([
      'deal',
      'set',
      '--org',
      org,
      '--deal',
      deal.id,
      '--title',
      'A deal renamed by its CRM',
    ]);
    await newRound();
    const table = page.getByRole('table', { name: /Calls/ });
    await expect(table.getByRole('link', { name: 'A deal renamed by its CRM' }).first()).toBeVisible({
      timeout: 30_000,
    });
    // The list read again from the copy; no row read its deal.
    expect(reads.map((read) => read.op)).toContain('listCallRows');
    expect(reads.filter((read) => read.op === 'getDeal')).toEqual([]);
  } finally {
    callscope.faults.clear();
    await callscope.serviceCli(['deal', 'set', '--org', org, '--deal', deal.id, '--title', deal.title ?? '']);
  }
});
