/// <reference lib="dom" />
/**
 * The renderer's benchmarks, in Debian's Chromium on the production build
 * (`npm run build` first):
 * - data to a rendered transcript of 10,000 segments, memory after scrolling 5,000 calls, and the
 *   roll-up's first paint of 1,200 deals (the `large` profile's first organisation): the page gets
 *   an in-page bridge that answers from generated data, so only the renderer is timed;
 * - keystroke to results of search on the `large` profile: the whole path (bridge, browser host and
 *   core in a process of their own as in real use, real service), on the database
 *   `bench/search.bench.ts` seeds in .data/bench-large;
 * - the production bundle's size.
 *
 * `UI_BENCH_ONLY=transcript npm run bench ui` (a comma-separated list of `transcript`, `calls`,
 * `rollup`, `search`) runs only those parts and prints their numbers without writing docs/benchmarks.md, whose
 * section stays the last whole run's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { serveBuild } from '../e2e/support/serve-build';
import { defaultServiceProfile, type ServiceProfile } from '../src/shared/bridge';
import { startAppHost } from './app-host';
import { currentLargeSeed, serveLargeWorkspace } from './large-profile';
import { describeMachine, percentile, projectRoot, recordBenchmark } from './report';

const rendererDir = join(projectRoot, 'out', 'renderer');
const TRANSCRIPT_SEGMENTS = 10_000;
const TRANSCRIPT_RUNS = 20;
const CALLS = 5_000;
const SEARCH_QUERIES = ['pricing', 'budget', 'security pack', 'Signalwise', 'discount'];
/** 8 rounds, 40 searches: with 15, the p95 was the slowest search, one GC or one late card away from any other run's. */
const SEARCH_ROUNDS = 8;
/** Last keystroke → results painted: within what a person typing perceives as at once. */
const SEARCH_TARGET_P95_MS = 100;
/** Data → first rows of a 10,000-segment transcript: within a few frames. */
const TRANSCRIPT_TARGET_P95_MS = 50;
/** The `large` profile's first organisation: its deals, its sellers. */
const ROLLUP_DEALS = 1_200;
const ROLLUP_OWNERS = 8;
const ROLLUP_RUNS = 20;
/** Issue 28, item 5: the roll-up's first paint on the `large` profile. */
const ROLLUP_TARGET_P95_MS = 200;

/**
 * Runs in the page before the app: `window.callscope` answering from generated data, with the
 * moment the transcript is handed over and the moment its first rows are in the DOM.
 */
function installGeneratedBridge({
  segments,
  calls,
  rollupDeals,
  rollupOwners,
  profile,
}: {
  segments: number;
  calls: number;
  rollupDeals: number;
  rollupOwners: number;
  profile: ServiceProfile;
}) {
  const now = '2026-11-16T09:00:00.000Z';
  const TRANSCRIPT_ARRIVES_AFTER_MS = 500;
  const meta = { request_id: `req_${'0'.repeat(32)}` };
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  /** An API operation's answer as main hands it over: the envelope and the records it could not read. */
  const read = (envelope: object) => ok({ ...envelope, unreadable: [] });
  const member = {
    id: 'mem_1',
    email: 'ann@example.com',
    status: 'ACTIVE',
    created_at: now,
    given_name: 'Ann',
    family_name: 'Lee',
    display_name: 'Ann Lee',
    avatar_url: null,
  };
  const words = ['pricing', 'budget', 'timeline', 'security', 'rollout', 'discount', 'renewal', 'pilot'];
  const transcript = Array.from({ length: segments }, (_, index) => ({
    id: `seg_${index}`,
    text: `Line ${index}: we talked about the ${words[index % words.length]} and what comes next for the team.`,
    start: index * 4,
    end: index * 4 + 3.5,
    speaker: index % 2 ? 'Bo Buyer' : 'Ann Lee',
    speaker_role: index % 2 ? 'BUYER' : 'SELLER',
  }));
  const video = (index: number) => ({
    id: `vid_${index}`,
    title: `Call ${index} — Example Customer ${index % 97}`,
    status: 'READY',
    created_at: now,
    updated_at: now,
    duration_seconds: 600 + (index % 900),
    processed_at: now,
    call_type: 'DISCOVERY',
    deal_id: `deal_${index % 100}`,
  });
  // A quarter of `rollupDeals` deals over `rollupOwners` sellers, as the engine answers `getRollup`:
  // some without an amount or a probability, some with the manager's call, and a few slips.
  const months = ['2026-10', '2026-11', '2026-12'];
  const rollup = {
    months,
    owners: Array.from({ length: rollupOwners }, (_, index) => ({ id: `mem_${index}`, name: `Seller ${index}` })),
    deals: Array.from({ length: rollupDeals }, (_, index) => ({
      id: `deal_${index}`,
      title: `Deal ${index} — Example Customer ${index % 97}`,
      status: 'OPEN',
      ownerId: `mem_${index % rollupOwners}`,
      month: months[index % months.length],
      closeDate: `${months[index % months.length]}-15T12:00:00.000Z`,
      currency: 'EUR',
      amount: index % 19 === 0 ? null : 5_000 + (index % 40) * 500,
      probability: index % 7 === 0 ? null : (index * 13) % 100,
      overlay: index % 11 === 0 ? { call: 'commit', amount: null } : null,
    })),
    slipped: Array.from({ length: 40 }, (_, index) => ({
      id: `deal_slipped_${index}`,
      title: `Slipped ${index}`,
      ownerId: `mem_${index % rollupOwners}`,
      month: months[index % months.length],
      closeDateThen: `${months[index % months.length]}-20T12:00:00.000Z`,
      closeDateNow: '2027-02-10T12:00:00.000Z',
    })),
    withoutCloseDate: 12,
    workspaceCurrency: 'EUR',
    historyKnownSince: '2026-09-01T00:00:00.000Z',
    partial: null,
    overlaysKept: 'file',
  };
  /** Every cell of its grid: each owner's months and total, and the row of all owners. */
  const rollupCells = (rollupOwners + 1) * (months.length + 1);
  const timing = window as unknown as {
    transcriptHandedOver?: number;
    transcriptShown?: number;
    rollupAsked?: number;
    rollupShown?: number;
  };
  const scheduler = (window as unknown as { scheduler: { postTask(task: () => void, options: object): void } })
    .scheduler;
  let framed = false;
  let rollupFramed = false;
  new MutationObserver(() => {
    if (timing.rollupAsked && !rollupFramed && document.querySelectorAll('.rollup-cell').length >= rollupCells) {
      rollupFramed = true;
      requestAnimationFrame(() =>
        scheduler.postTask(
          () => {
            timing.rollupShown = performance.now();
          },
          { priority: 'user-blocking' },
        ),
      );
    }
    if (timing.transcriptHandedOver && !framed && document.querySelector('.segment')) {
      framed = true;
      // Painted: the frame after the rows are in the DOM runs its style, layout and paint right after
      // its animation-frame callbacks, and a user-blocking task posted there runs once they are done,
      // ahead of the timers and queued renders the page itself left for after the paint.
      requestAnimationFrame(() =>
        scheduler.postTask(
          () => {
            timing.transcriptShown = performance.now();
          },
          { priority: 'user-blocking' },
        ),
      );
    }
  }).observe(document, { childList: true, subtree: true });

  const answers: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    getAppInfo: () => ok({ mode: 'browser', keyStorage: 'session', keychainProblem: null, demoAvailable: true }),
    listWorkspaces: () =>
      ok({
        activeId: 'demo',
        workspaces: [
          { id: 'demo', name: 'Bench', baseUrl: 'http://127.0.0.1', kind: 'demo', member, hasKey: true, profile },
        ],
      }),
    getPreferences: () => ok({ theme: 'system' }),
    listRecentSearches: () => ok([]),
    listSavedSearches: () => ok([]),
    getMe: () => read({ data: member, meta }),
    listMembers: () => read({ data: [member], meta }),
    getDeal: (params) =>
      read({
        data: { id: params.id, title: `Deal ${params.id}`, status: 'OPEN', created_at: now, updated_at: now },
        meta,
      }),
    getVideo: (params) => read({ data: { ...video(0), id: params.id, title: 'The long call' }, meta }),
    // Handed over once the rest of the call page has settled, as a long transcript arrives after
    // the call's smaller answers: the time measured is the transcript's own.
    getTranscript: () =>
      new Promise((resolve) => setTimeout(resolve, TRANSCRIPT_ARRIVES_AFTER_MS)).then(() => {
        timing.transcriptHandedOver = performance.now();
        return read({ data: transcript, meta });
      }),
    getVideoEvents: () => read({ data: [], meta }),
    getRollup: () => {
      timing.rollupAsked = performance.now();
      return ok(rollup);
    },
    // Nothing held locally: the calls list's read-ahead finds no transcript (and puts none in the page).
    getHeldTranscript: () => ok(null),
    getSummary: () =>
      Promise.resolve({
        ok: false,
        error: { code: 'not_found', message: 'not analysed', status: 404, requestId: null, retryAfter: null },
      }),
    listAnalyses: () => read({ data: [], meta: { ...meta, has_more: false, next_cursor: null } }),
    listVideos: (params) => {
      const offset = Number(params.cursor ?? 0);
      const limit = Number(params.limit ?? 25);
      const end = Math.min(calls, offset + limit);
      const data = Array.from({ length: end - offset }, (_, index) => video(offset + index));
      return read({ data, meta: { ...meta, has_more: end < calls, next_cursor: end < calls ? String(end) : null } });
    },
  };
  answers.getChecklist = answers.getSummary!;
  (window as unknown as { callscope: unknown }).callscope = {
    invoke: (op: string, params: Record<string, unknown>) => answers[op]?.(params) ?? ok({}),
    cancel: () => undefined,
    on: () => () => undefined,
  };
}

async function generatedPage(browser: Browser, origin: string, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx compiles with esbuild's keepNames, whose `__name` helper the serialised function still calls.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(installGeneratedBridge, {
    segments: TRANSCRIPT_SEGMENTS,
    calls: CALLS,
    rollupDeals: ROLLUP_DEALS,
    rollupOwners: ROLLUP_OWNERS,
    profile: defaultServiceProfile,
  });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${origin}/#${path}`);
  return page;
}

async function transcriptTimes(browser: Browser, origin: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < TRANSCRIPT_RUNS; run++) {
    const page = await generatedPage(browser, origin, '/calls/vid_long');
    const shown = await page.waitForFunction(() => {
      const timing = window as unknown as { transcriptHandedOver?: number; transcriptShown?: number };
      return timing.transcriptShown && timing.transcriptHandedOver
        ? timing.transcriptShown - timing.transcriptHandedOver
        : null;
    });
    times.push((await shown.jsonValue()) as number);
    await page.close();
  }
  return times.sort((a, b) => a - b);
}

/** The roll-up's answer handed over → its whole grid painted, one fresh page load each. */
async function rollupTimes(browser: Browser, origin: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < ROLLUP_RUNS; run++) {
    const page = await generatedPage(browser, origin, '/rollup?from=2026-10&to=2026-12');
    const shown = await page.waitForFunction(() => {
      const timing = window as unknown as { rollupAsked?: number; rollupShown?: number };
      return timing.rollupShown && timing.rollupAsked ? timing.rollupShown - timing.rollupAsked : null;
    });
    times.push((await shown.jsonValue()) as number);
    await page.close();
  }
  return times.sort((a, b) => a - b);
}

async function heap(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => (window as unknown as { gc?: () => void }).gc?.());
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
  return { heapMb: metric('JSHeapUsedSize') / 2 ** 20, nodes: metric('Nodes') };
}

async function callsScrolling(browser: Browser, origin: string) {
  const page = await generatedPage(browser, origin, '/calls');
  await page.locator('tbody tr[aria-rowindex]').first().waitFor();
  const before = await heap(page);
  const started = performance.now();
  for (;;) {
    const loaded = await page.locator('table').getAttribute('aria-rowcount');
    if (loaded === String(CALLS + 1)) break;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(30);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await heap(page);
  const rows = await page.locator('tbody tr').count();
  await page.close();
  return { before, after, rows, seconds };
}

/**
 * Runs in the page before the app: `expectSearch(text)` arms a watch that records, once the
 * DOM first shows `text`'s own results (the box holds it, the count under it is "N lines in M calls",
 * the rows are no longer busy), the time from the last key's event to the paint of that frame, marked as the
 * transcript's is. Measured in the page: Playwright's waits poll after 20, 50, 100, 100 ms and then
 * every 500 ms, which rounded each search up to its next poll.
 */
function watchSearchPaint() {
  const scheduler = (window as unknown as { scheduler: { postTask(task: () => void, options: object): void } })
    .scheduler;
  const state = { lastKeyAt: 0, want: null as string | null, ms: null as number | null };
  const page = window as unknown as { searchPaint: typeof state; expectSearch(text: string): void };
  page.searchPaint = state;
  page.expectSearch = (text) => {
    state.want = text;
    state.ms = null;
  };
  document.addEventListener('keydown', (event) => (state.lastKeyAt = event.timeStamp), true);
  new MutationObserver(() => {
    const want = state.want;
    if (!want || document.querySelector<HTMLInputElement>('.palette-input')?.value !== want) return;
    const status = document.querySelector('.palette-status')?.textContent ?? '';
    // The palette's own count of what its search found, "At least …" while the service may have more.
    if (!/^(At least )?[\d,.\s]+ lines? in /.test(status)) return;
    if (!document.querySelector('.palette-results[aria-busy="false"] [role="option"]')) return;
    state.want = null;
    const keyAt = state.lastKeyAt;
    requestAnimationFrame(() =>
      scheduler.postTask(() => (state.ms = performance.now() - keyAt), { priority: 'user-blocking' }),
    );
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

async function searchLatencies(browser: Browser): Promise<number[] | null> {
  if (!currentLargeSeed()) return null;
  // A copy of the seed is served: a key is issued into it, and the seed is only ever read.
  const { service, apiKey } = await serveLargeWorkspace();
  // The first sync of a workspace this size runs for minutes (the `sync-large` section) and would
  // share the two cores with every search; what is timed here is the search alone.
  const host = await startAppHost({ demo: { baseUrl: service.baseUrl, apiKey }, rendererDir, pauseSync: true });
  try {
    const latencies: number[] = [];
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.addInitScript(watchSearchPaint);
    for (let round = 0; round < SEARCH_ROUNDS; round++) {
      // A fresh page per round, so no answer comes from the query cache.
      await page.goto(`${await host.newSignInUrl()}#/deals`);
      await page.getByRole('heading', { level: 1, name: 'Pipeline' }).waitFor();
      await page.keyboard.press('/');
      const box = page.getByRole('combobox', { name: 'Search every transcript' });
      for (const q of SEARCH_QUERIES) {
        await box.fill('');
        await page.evaluate(
          (text) => (window as unknown as { expectSearch(text: string): void }).expectSearch(text),
          q,
        );
        await page.keyboard.type(q);
        const painted = await page.waitForFunction(
          () => (window as unknown as { searchPaint: { ms: number | null } }).searchPaint.ms,
          undefined,
          { timeout: 30_000 },
        );
        latencies.push((await painted.jsonValue()) as number);
      }
    }
    await page.close();
    return latencies.sort((a, b) => a - b);
  } finally {
    await host.close();
    await service.terminate();
  }
}

function bundleSizes() {
  const assets = join(rendererDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => {
      const path = join(assets, file);
      return { file, kb: statSync(path).size / 1024, gzipKb: gzipSync(readFileSync(path)).length / 1024 };
    });
}

const benchParts = ['transcript', 'calls', 'rollup', 'search'] as const;
type BenchPart = (typeof benchParts)[number];

/** The parts `UI_BENCH_ONLY` names, or every part; a name that is no part is refused rather than ignored. */
function chosenParts(): Set<BenchPart> {
  const only =
    process.env.UI_BENCH_ONLY?.split(',')
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  for (const name of only) {
    if (!benchParts.includes(name as BenchPart))
      throw new Error(`UI_BENCH_ONLY: no part "${name}" (parts: ${benchParts.join(', ')})`);
  }
  return new Set(only.length > 0 ? (only as BenchPart[]) : benchParts);
}

const ms = (value: number) => value.toFixed(1);
const verdict = (measured: number, target: number) => (measured <= target ? 'met' : '**missed**');

export default async function uiBench(): Promise<void> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error('run `npm run build` first: out/renderer is missing');
  const server = await serveBuild(rendererDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--js-flags=--expose-gc'],
  });
  try {
    const parts = chosenParts();
    const sections: string[][] = [];
    if (parts.has('transcript')) {
      console.log('transcript of 10,000 segments…');
      const transcript = await transcriptTimes(browser, origin);
      sections.push([
        `**Data to a rendered transcript of ${TRANSCRIPT_SEGMENTS.toLocaleString('en')} segments** (bridge answer →`,
        `first rows painted, ${TRANSCRIPT_RUNS} page loads): p50 ${ms(percentile(transcript, 0.5))} ms, p95 ${ms(percentile(transcript, 0.95))} ms; target p95 ≤ ${TRANSCRIPT_TARGET_P95_MS} ms, ${verdict(percentile(transcript, 0.95), TRANSCRIPT_TARGET_P95_MS)}.`,
      ]);
    }
    if (parts.has('calls')) {
      console.log('scrolling 5,000 calls…');
      const calls = await callsScrolling(browser, origin);
      sections.push([
        `**Scrolling ${CALLS.toLocaleString('en')} calls** (loaded 50 per page as the end of the list comes into view, in`,
        `${calls.seconds.toFixed(1)} s): JS heap ${calls.before.heapMb.toFixed(1)} MiB before, ${calls.after.heapMb.toFixed(1)} MiB after`,
        `(after GC); DOM nodes ${calls.before.nodes} before, ${calls.after.nodes} after; ${calls.rows} table rows in the DOM.`,
      ]);
    }
    if (parts.has('rollup')) {
      console.log('roll-up of 1,200 deals…');
      const rollup = await rollupTimes(browser, origin);
      sections.push([
        `**Roll-up first paint, ${ROLLUP_DEALS.toLocaleString('en')} deals of ${ROLLUP_OWNERS} owners over a quarter** (the \`large\` profile's`,
        `first organisation; its \`getRollup\` answer → every cell of the grid painted, ${ROLLUP_RUNS} page loads; the engine's read of`,
        `the copy is not in it): p50 ${ms(percentile(rollup, 0.5))} ms, p95 ${ms(percentile(rollup, 0.95))} ms; target p95 ≤ ${ROLLUP_TARGET_P95_MS} ms, ${verdict(percentile(rollup, 0.95), ROLLUP_TARGET_P95_MS)}.`,
      ]);
    }
    if (parts.has('search')) {
      console.log('search on the large profile…');
      const search = await searchLatencies(browser);
      sections.push([
        search
          ? `**Keystroke to results, search on the \`large\` profile** (the last key's event → the paint of the first frame showing this text's count and rows, measured in the page, ${search.length} searches of ${SEARCH_QUERIES.map((q) => `\`${q}\``).join(', ')}, typed with no pause between keys on the Pipeline as soon as its heading shows, while its cards' own reads are still on their way (those not yet started wait while the palette is open); no debounce, each keystroke's search cancels the one before; the workspace's background sync paused): p50 ${ms(percentile(search, 0.5))} ms, p95 ${ms(percentile(search, 0.95))} ms; target p95 ≤ ${SEARCH_TARGET_P95_MS} ms, ${verdict(percentile(search, 0.95), SEARCH_TARGET_P95_MS)}.`
          : '**Keystroke to results**: skipped — run `npm run bench search` first to seed .data/bench-large.',
      ]);
    }
    const bundle = bundleSizes();
    const lines = [
      '## Renderer (`bench/ui.bench.ts`)',
      '',
      'Debian’s Chromium on the production build. Transcript, calls and the roll-up use an in-page bridge answering from',
      'generated data, so only the renderer is timed; search runs the whole path against the real service, with the',
      'browser-mode host and its core in a process of their own, as in real use.',
      '',
      ...sections.flatMap((section) => [...section, '']),
      '**Production bundle** (`out/renderer/assets`):',
      '',
      '| file | KiB | gzip KiB |',
      '|---|---:|---:|',
      ...bundle.map(
        (entry) =>
          `| ${entry.file.replace(/-[\w-]{8}\./, '.')} | ${entry.kb.toFixed(1)} | ${entry.gzipKb.toFixed(1)} |`,
      ),
      '',
      'Machine:',
      describeMachine(),
    ];
    const markdown = lines.join('\n');
    console.log(markdown);
    if (parts.size === benchParts.length) recordBenchmark('ui', markdown);
    else console.log('\n(only some parts ran: docs/benchmarks.md is left as it was)');
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
