import { readFile } from 'node:fs/promises';
import { parseCallscopeLink } from '../src/shared/moment-link';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// The pack is read from the local copy: the app's own sync fills it.
test.use({ backgroundSync: true, timezoneId: 'UTC' });

interface ServedDeal {
  id: string;
  title: string;
  status: string;
}

test('E on a deal page saves its review pack: the deal, its calls, and a link on every claim that opens a record', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/settings');
  await expect(page.getByRole('region', { name: 'Local copy' }).getByText('Up to date')).toBeVisible({
    timeout: 60_000,
  });
  const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=100')).data;
  const calls = (
    await serviceGet<{ data: { id: string; deal_id: string | null }[] }>(callscope, '/v1/videos?limit=100')
  ).data;
  // A deal with calls, so the pack has more than the deal to link to.
  const deal = deals.find((candidate) => calls.some((call) => call.deal_id === candidate.id))!;

  await openScreen(page, callscope, `/deals/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('e')]);
  expect(download.suggestedFilename()).toMatch(/ review pack\.md$/);
  await expect(page.getByText(`Review pack downloaded: ${download.suggestedFilename()}`)).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');

  expect(text.split('\n')[0]).toBe(`# Deal review: ${deal.title}`);
  expect(text).toContain('## Calls');
  // Every link opens the deal or one of its calls, as the app's own link handling reads it.
  const links = [...text.matchAll(/\]\((callscope:\/\/[^)\s]+)\)/g)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(5);
  const dealCalls = new Set(calls.filter((call) => call.deal_id === deal.id).map((call) => call.id));
  for (const link of links) {
    const target = parseCallscopeLink(link);
    expect(target, link).not.toBeNull();
    if (target!.screen === 'deal') expect(target!.id).toBe(deal.id);
    else expect(dealCalls.has(target!.id), link).toBe(true);
  }
  expect(links.some((link) => parseCallscopeLink(link)?.screen === 'call')).toBe(true);

  // Shift E: the same pack as one page that prints to PDF, allowing no script or resource.
  const [printable] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Shift+E')]);
  expect(printable.suggestedFilename()).toMatch(/ review pack\.html$/);
  const html = await readFile((await printable.path())!, 'utf8');
  expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  expect(html).toContain(`<h1>Deal review: ${deal.title}</h1>`);
  expect(html).toContain(`href="callscope://deal/${deal.id}"`);
  expect(html).not.toMatch(/<script|<img|<iframe/);
});
