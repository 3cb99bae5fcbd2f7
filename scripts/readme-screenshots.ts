/**
 * README screenshots of the demo workspace, in Debian's Chromium (browser mode):
 * `npm run build && npx tsx scripts/readme-screenshots.ts [name...]` (all when none is named).
 * Each shot opens the app on a freshly seeded demo workspace, walks to its screen from the
 * keyboard or the mouse as a person would, and writes docs/screenshots/<name>.png.
 */
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startBrowserHost } from '../src/main/browser/browser-host';
import { createTempCore } from '../src/main/core/testing/temp-core';
import { startTestService } from '../src/service/testing/test-service';
import type { ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { demoKeyOf } from '../src/shared/manifest';

interface Shot {
  /** Where the shot starts, as an app route. */
  route: (subject: Subject) => string;
  act: (page: Page, subject: Subject) => Promise<void>;
}

/** The demo call most shots show: the first READY call with an analysis, and its transcript. */
interface Subject {
  call: ServedVideo;
  transcript: ServedTranscriptSegment[];
  /** A new call comes in (the service's `ingest`), as one would after a search was saved. */
  ingestCall: () => Promise<void>;
}

const shots: Record<string, Shot> = {
  export: {
    route: ({ call }) => `/calls/${call.id}`,
    async act(page) {
      await page.locator('[data-segment-id]').first().waitFor();
      await page.keyboard.press('e');
      const dialog = page.getByRole('dialog', { name: 'Export this call' });
      await dialog.getByRole('radio', { name: 'Transcript as WebVTT subtitles' }).check();
      await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save' }).click()]);
      await dialog.getByText(/^Downloaded:/).waitFor();
    },
  },
  'moment-link': {
    // What opening callscope://call/<id>?t=<seconds> shows: the call at that line, marked.
    route: ({ call, transcript }) => `/calls/${call.id}?t=${transcript[Math.floor(transcript.length / 2)]!.start}`,
    async act(page) {
      const marked = page.locator('[data-segment-id][aria-current="true"]');
      await marked.waitFor();
      await page.locator('body').press('l');
      await marked.getByText('Copied').waitFor();
    },
  },
  statistics: {
    route: ({ call }) => `/calls/${call.id}`,
    async act(page) {
      await page.getByRole('region', { name: 'Talk time and call statistics' }).waitFor();
      await page.locator('body').press('i');
    },
  },
  'deal-warnings': {
    route: () => '/deals',
    async act(page) {
      await page.getByRole('region', { name: /^Open/ }).getByRole('link').first().waitFor();
      await page.locator('body').press('a');
      await page.getByRole('list', { name: 'Warnings' }).first().waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('for warnings…'), null, { timeout: 60_000 });
    },
  },
  'saved-searches': {
    // Three searches saved from the palette, then a call comes in: the button and the list say what is new.
    route: () => '/calls',
    async act(page, { ingestCall }) {
      const palette = page.getByRole('dialog', { name: 'Search transcripts' });
      const box = palette.getByRole('combobox', { name: 'Search every transcript' });
      await page.getByRole('heading', { level: 1, name: 'Calls' }).waitFor();
      for (const [name, text] of [
        ['Budget talk', 'budget'],
        ['Discount asked', 'discount'],
        ['Next steps agreed', 'next step'],
      ]) {
        await page.keyboard.press('Control+k');
        await box.fill(text!);
        await palette.getByRole('listbox', { name: 'Matching segments' }).getByRole('option').first().waitFor();
        await page.keyboard.press('Control+s');
        await palette.getByRole('textbox', { name: 'Name' }).fill(name!);
        await page.keyboard.press('Enter');
        await box.fill('');
        await page.keyboard.press('Escape');
      }
      await ingestCall();
      await page
        .getByRole('button', { name: /Search transcripts/ })
        .getByText(/new/)
        .waitFor({ timeout: 60_000 });
      await page.keyboard.press('Control+k');
      await palette.getByRole('group', { name: 'Saved searches' }).getByText(/new/).first().waitFor();
    },
  },
  'pipeline-view': {
    // The board as its address keeps it: deals of 20,000 or more, each column by win probability.
    route: () => '/deals?amount=20000..&sort=probability-desc',
    async act(page) {
      await page.getByRole('region', { name: /^Open/ }).getByRole('link').first().waitFor();
      await page.waitForFunction(() => !/Probability…|to sort them…|counting…/.test(document.body.innerText), null, {
        timeout: 60_000,
      });
    },
  },
  'calls-sorted': {
    // Ready calls, longest first: the header sorts, the address keeps filter and order.
    route: () => '/calls?status=READY&sort=duration-desc',
    async act(page) {
      await page.getByRole('columnheader', { name: 'Duration' }).getByRole('button').focus();
      await page.waitForFunction(() => !/loading the rest…|Deal…/.test(document.body.innerText), null, {
        timeout: 60_000,
      });
    },
  },
  'search-screen': {
    // The newest calls opened once (so their transcripts are in the local index), then the Search
    // screen: grouped by deal and call with neighbouring lines, the rest found by the service.
    route: () => '/calls?status=READY',
    async act(page) {
      const links = page.getByRole('table', { name: /Calls/ }).getByRole('link');
      await links.nth(5).waitFor();
      const hrefs = (await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).filter(
        (href): href is string => href?.startsWith('#/calls/') ?? false,
      );
      for (const href of hrefs.slice(0, 6)) {
        await page.goto(`${page.url().split('#')[0]}${href}`);
        await page.getByRole('heading', { name: 'Transcript' }).waitFor();
      }
      await page.keyboard.press('g');
      await page.keyboard.press('f');
      await page.getByRole('searchbox', { name: 'Search for' }).fill('pricing');
      await page.getByRole('region', { name: 'By call' }).getByRole('article').first().waitFor();
      await page.getByText(/calls are searched here/).waitFor();
    },
  },
  'pipeline-totals': {
    route: () => '/settings',
    async act(page) {
      await page.getByLabel('Currency of amounts').selectOption('EUR');
      await page.keyboard.press('g');
      await page.keyboard.press('p');
      await page.waitForFunction(() => !document.body.innerText.includes('counting…'), null, { timeout: 60_000 });
      await page.getByRole('list', { name: 'Warnings' }).first().waitFor();
    },
  },
};

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const chosen = names.length > 0 ? names : Object.keys(shots);
  const unknown = chosen.filter((name) => !(name in shots));
  if (unknown.length > 0)
    throw new Error(`unknown shot: ${unknown.join(', ')}; known: ${Object.keys(shots).join(', ')}`);

  const service = await startTestService({ profile: 'demo' });
  const apiKey = demoKeyOf(service.manifest!).key.key;
  const demo = demoKeyOf(service.manifest!);
  const { core, dispose } = createTempCore({
    demo: { baseUrl: service.baseUrl, apiKey },
    savedSearchCheckEveryMs: 1000,
  });
  const host = await startBrowserHost({ core, rendererDir: join(process.cwd(), 'out/renderer') });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    await core.invoke('openDemoWorkspace', {});
    const subject = {
      ...(await pickSubject(service.baseUrl, apiKey)),
      ingestCall: async () => {
        await service.cli(['ingest', '--org', demo.org.id, '--title', 'Renewal call with Northwind']);
      },
    };
    for (const name of chosen) {
      const shot = shots[name]!;
      const page = await browser.newPage({
        viewport: { width: 1440, height: 900 },
        colorScheme: 'light',
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await page.goto(`${host.newSignInUrl()}#${shot.route(subject)}`);
      await shot.act(page, subject);
      await page.screenshot({ path: join('docs/screenshots', `${name}.png`) });
      await page.close();
      console.log(`docs/screenshots/${name}.png`);
    }
  } finally {
    await browser.close();
    await host.close();
    dispose();
    await service.stop();
  }
}

async function pickSubject(baseUrl: string, apiKey: string): Promise<Omit<Subject, 'ingestCall'>> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as T;
  const { data: calls } = await get<{ data: ServedVideo[] }>('/v1/videos?status=READY&limit=100');
  for (const call of calls) {
    const summary = await get<{ data?: unknown }>(`/v1/videos/${call.id}/summary`);
    if (summary.data) {
      const { data: transcript } = await get<{ data: ServedTranscriptSegment[] }>(`/v1/videos/${call.id}/transcript`);
      return { call, transcript };
    }
  }
  throw new Error('the demo workspace has no analysed call');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
