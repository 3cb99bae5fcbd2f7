/// <reference lib="dom" />
/**
 * Local-first as the person sees it, in Debian's Chromium on the production build (`npm run build`
 * first), with the real core behind the browser-mode host in a process of its own (as in real use:
 * not this one, where Playwright talks to Chromium) and the `demo` profile's service in another:
 * - keystroke → results painted on the Search screen (`G F`), whose answers come from the local
 *   index: the demo workspace's replica is a copy of the 1,000,000-segment file
 *   `bench/replica.bench.ts` builds in .data/bench-replica (built here when missing: a few minutes);
 * - re-opening a call seen before with the service stopped: a fresh page load on the call's
 *   address, and a click on it in the calls list, each to the call's details and its first
 *   transcript rows painted.
 * - re-opening a deal seen before with the service stopped: a click on its card in the Pipeline, to
 *   its title, facts and win probability painted.
 * `LOCAL_FIRST_ONLY=search`, `=reopen` or `=deal` runs one part and prints it without recording it.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';
import { DEMO_WORKSPACE_ID } from '../src/main/core/app/workspaces';
import { canonicalParams, replicaAnswers } from '../src/main/core/engine/replica/replica-answers';
import { openReplicaDb } from '../src/main/core/engine/replica/replica-db';
import { replicaKeyAccount } from '../src/main/core/engine/replica/replica-key';
import { replicaFileName } from '../src/main/core/engine/replica/replicas';
import { startTestService, type TestService } from '../src/service/testing/test-service';
import { pipelineStatuses } from '../src/shared/api';
import { demoKeyOf } from '../src/shared/manifest';
import { type AppHost, startAppHost } from './app-host';
import { seededReplica } from './replica.bench';
import { describeMachine, loadAverage, percentile, projectRoot, recordBenchmark } from './report';

const rendererDir = join(projectRoot, 'out', 'renderer');
/** Between keystrokes, as a quick typist types (about 80 words a minute). */
const KEY_GAP_MS = 150;
const SEARCH_ROUNDS = 10;
/**
 * Typed one key at a time on each page, the replica bench's queries among their prefixes: `e`,
 * `p`, `pr`, `pri`, `bu`, best match, and the phrase. No text is typed twice under the same mode
 * and order on one page, so no answer comes from the page's query cache.
 */
const typed: { text: string; mode: 'words' | 'phrase'; order: 'newest' | 'best' }[] = [
  { text: 'e', mode: 'words', order: 'newest' },
  { text: 'pricing', mode: 'words', order: 'newest' },
  { text: 'budget', mode: 'words', order: 'newest' },
  { text: 'e', mode: 'words', order: 'best' },
  { text: 'pricing', mode: 'words', order: 'best' },
  { text: 'security pack', mode: 'phrase', order: 'newest' },
];
/** Runs of each re-open: with 20, the p95 was the second-slowest run and moved 42-60 ms between runs. */
const REOPEN_RUNS = 40;
/** Issue 12, item 4: keystroke → results painted, at 1,000,000 segments, any query length. */
const KEYSTROKE_TARGET_P95_MS = 50;
/** Issue 12, item 2: a call seen before opens with its data painted, even with the service stopped. */
const REOPEN_TARGET_MS = 50;

/** A keystroke in the search box: the key's event time, and when this text's results were painted. */
interface Keystroke {
  text: string;
  pressedAt: number;
  paintedAt: number | null;
  /**
   * The frame that paints this text's results has begun: they will be on screen even if the next
   * key's event runs before the mark (a frame's rendering steps run as one task, the mark after).
   */
  framed: boolean;
  /** A later keystroke came before this text's results reached a frame. */
  superseded: boolean;
}

/** Per bridge operation, each call's request until its answer's headers, in ms. */
type BridgeTimes = Record<string, number[]>;

/**
 * Runs in the page before the app: the bridge's part of a wait, each operation's request over
 * loopback HTTP until its answer's headers (main has done the work and written the answer by
 * then; the body follows on loopback).
 */
function recordBridge() {
  const times: BridgeTimes = {};
  /** Per call, when the calls list's read-ahead of its transcript was answered. */
  const heldAt: Record<string, number> = {};
  Object.assign(window, { bridgeTimes: times, heldAt });
  const fetchBefore = window.fetch;
  window.fetch = async (input, init) => {
    const op = typeof init?.body === 'string' ? /^\{"op":"(\w+)"/.exec(init.body)?.[1] : undefined;
    const sentAt = performance.now();
    const response = await fetchBefore(input, init);
    if (op) times[op] = [...(times[op] ?? []), performance.now() - sentAt];
    const held = op === 'getHeldTranscript' ? /"id":"([^"]+)"/.exec(init!.body as string)?.[1] : undefined;
    if (held) heldAt[held] = performance.now();
    return response;
  };
}

/** `framed` runs in the frame's animation-frame callback, `mark` once that frame is painted. */
type AfterPaint = (mark: () => void, framed?: () => void) => void;

/**
 * Runs in the page before the app: \`afterPaint(mark)\` calls \`mark\` once the next frame is painted,
 * as the \`ui\` bench marks it. That frame runs its style, layout and paint right after its
 * animation-frame callbacks, and a user-blocking task posted there runs once they are done, ahead
 * of the timers and queued renders the page itself left for after the paint.
 */
function installAfterPaint() {
  const { scheduler } = window as unknown as { scheduler: { postTask(task: () => void, options: object): void } };
  const afterPaint: AfterPaint = (mark, framed) =>
    requestAnimationFrame(() => {
      framed?.();
      scheduler.postTask(mark, { priority: 'user-blocking' });
    });
  (window as unknown as { afterPaint: AfterPaint }).afterPaint = afterPaint;
}

/**
 * Runs in the page before the app. Each keystroke that changes the Search screen's text is kept
 * with its event's time, and its results count as painted when the frame after the DOM first
 * shows this text's own results has painted. Its own: the box holds the text, the status is no
 * longer "Searching…" and nothing is marked busy, seen only after this keystroke's search had
 * begun (so the answer left on screen by the text before cannot count).
 */
function recordKeystrokes() {
  const keystrokes: Keystroke[] = [];
  (window as unknown as { keystrokes: Keystroke[] }).keystrokes = keystrokes;
  let lastKeyAt = 0;
  let searching = false;
  const box = () => document.querySelector<HTMLInputElement>('.local-search-text input');
  document.addEventListener('keydown', (event) => (lastKeyAt = event.timeStamp), true);
  document.addEventListener(
    'input',
    (event) => {
      if (event.target !== box()) return;
      const text = (event.target as HTMLInputElement).value.trim();
      const last = keystrokes.at(-1);
      // A space after a word asks nothing new (the search is of the trimmed text).
      if (last && text === last.text) return;
      if (last && last.paintedAt === null && !last.framed) last.superseded = true;
      searching = false;
      if (text) keystrokes.push({ text, pressedAt: lastKeyAt, paintedAt: null, framed: false, superseded: false });
    },
    true,
  );
  new MutationObserver(() => {
    const last = keystrokes.at(-1);
    if (!last || last.framed || last.superseded || box()?.value.trim() !== last.text) return;
    const status = document.querySelector('.local-search-status')?.textContent ?? '';
    const busy = status.startsWith('Searching') || document.querySelector('.local-search [aria-busy="true"]') !== null;
    if (busy) searching = true;
    else if (searching) {
      searching = false;
      (window as unknown as { afterPaint: AfterPaint }).afterPaint(
        () => {
          if (last.framed) last.paintedAt = performance.now();
        },
        () => {
          // A key whose event came while this frame was waiting took the results off first.
          if (!last.superseded) last.framed = true;
        },
      );
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/**
 * Runs in the page before the app: when the call's details (its title and facts) and its first
 * transcript rows were first painted, in ms since the page's navigation began, and when the last
 * click before them happened (an in-app navigation's start).
 */
function recordCallPaint(title: string) {
  const timing = { clickedAt: null as number | null, detailAt: null as number | null, rowsAt: null as number | null };
  (window as unknown as { callPaint: typeof timing }).callPaint = timing;
  const { afterPaint } = window as unknown as { afterPaint: AfterPaint };
  // A click Enter made (`detail` 0) is timed from the key, which it follows in the same task.
  let enterAt = 0;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') enterAt = event.timeStamp;
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => (timing.clickedAt = event.detail === 0 && enterAt > 0 ? enterAt : event.timeStamp),
    true,
  );
  // A screen the app renders ahead, while a link is pressed or focused, is in the page but out of sight and
  // inert until the click shows it: only what is shown counts.
  const shown = (selector: string) =>
    Array.from(document.querySelectorAll(selector)).find((element) => !element.closest('[inert]'));
  new MutationObserver(() => {
    const heading = shown('h1')?.textContent;
    if (timing.detailAt === null && heading === title && shown('dl.facts')) {
      timing.detailAt = -1;
      afterPaint(() => (timing.detailAt = performance.now()));
    }
    if (timing.rowsAt === null && heading === title && shown('.transcript-rows .segment')) {
      timing.rowsAt = -1;
      afterPaint(() => (timing.rowsAt = performance.now()));
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributeFilter: ['inert'] });
}

/**
 * Runs in the page before the app: when the deal's title, facts and win probability were first
 * painted, in ms since the page's navigation began, and when the last click before them happened.
 */
function recordDealPaint(title: string) {
  const timing = { clickedAt: null as number | null, detailAt: null as number | null };
  (window as unknown as { dealPaint: typeof timing }).dealPaint = timing;
  const { afterPaint } = window as unknown as { afterPaint: AfterPaint };
  document.addEventListener('click', (event) => (timing.clickedAt = event.timeStamp), true);
  // As in \`recordCallPaint\`: a deal's screen rendered ahead is inert until the click shows it.
  const shown = (selector: string) =>
    Array.from(document.querySelectorAll(selector)).find((element) => !element.closest('[inert]'));
  new MutationObserver(() => {
    if (
      timing.detailAt === null &&
      shown('h1')?.textContent === title &&
      shown('dl.facts') &&
      shown('.probability-value')
    ) {
      timing.detailAt = -1;
      afterPaint(() => (timing.detailAt = performance.now()));
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributeFilter: ['inert'] });
}

/**
 * A copy of the `replica` bench's file, completed with what a synced workspace also holds and
 * every search result shows: the record of each deal its calls name (the file has only calls and
 * transcripts), as the sync stores a deal's detail.
 */
function replicaWithDeals(source: { file: string; key: Buffer }, file: string): number {
  copyFileSync(source.file, file);
  const db = openReplicaDb({ file, key: source.key });
  const answers = replicaAnswers(db);
  const dealIds = db.prepare('SELECT DISTINCT deal_id FROM calls WHERE deal_id IS NOT NULL').pluck().all() as string[];
  const at = '2026-01-01T00:00:00.000Z';
  db.transaction(() => {
    dealIds.forEach((id, index) => {
      const deal = {
        id,
        title: `Account ${index % 300} — ${['New business', 'Expansion', 'Renewal', 'Pilot'][index % 4]}`,
        status: pipelineStatuses[index % pipelineStatuses.length],
        created_at: at,
        updated_at: at,
        probability: null,
        score_factors: [],
      };
      answers.put('getDeal', canonicalParams({ id }), { data: deal, meta: {} }, Date.now());
    });
  })();
  db.close();
  return dealIds.length;
}

/**
 * The real core on the demo workspace of `service`, in a process of its own behind the
 * browser-mode host, its replica an encrypted file in a folder of its own (`replica`: the file to
 * start from and its key, handed over as the keychain would, or a new empty one). No background
 * sync: the replica holds what it holds, and the service is asked only what it does not.
 */
async function openApp(service: TestService, replica: { file: string; key: Buffer } | null) {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-bench-replica-'));
  try {
    const deals = replica ? replicaWithDeals(replica, join(dir, replicaFileName(DEMO_WORKSPACE_ID))) : 0;
    const host = await startAppHost({
      demo: { baseUrl: service.baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
      rendererDir,
      replicaDir: dir,
      keychain: replica ? { [replicaKeyAccount(DEMO_WORKSPACE_ID)]: replica.key.toString('hex') } : {},
    });
    return {
      host,
      deals,
      async close() {
        await host.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function newPage(browser: Browser, script: (arg: never) => void, arg?: unknown): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx compiles with esbuild's keepNames, whose `__name` helper the serialised function still calls.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(recordBridge);
  await page.addInitScript(installAfterPaint);
  await page.addInitScript(script, arg as never);
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

async function typeOnSearchScreen(
  page: Page,
  host: AppHost,
): Promise<{ keystrokes: Keystroke[]; bridgeMs: number[]; notes: string[] }> {
  await page.goto(`${await host.newSignInUrl()}#/deals`);
  await page.getByRole('heading', { level: 1, name: 'Pipeline' }).waitFor();
  const heading = page.getByRole('heading', { level: 1, name: 'Search transcripts' });
  // Under load a `g` can reach the page after the `f` window closed (see e2e flakes): pressed again.
  for (let attempt = 1; !(await heading.isVisible()); attempt++) {
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await heading.waitFor({ timeout: 5_000 }).catch((error: unknown) => {
      if (attempt === 3) throw error;
    });
  }
  const box = page.getByLabel('Search for', { exact: true });
  const notes: string[] = [];
  for (const { text, mode, order } of typed) {
    await page.getByLabel('Order', { exact: true }).selectOption(order);
    await page.getByLabel(mode === 'phrase' ? 'Exact phrase' : 'Words starting with', { exact: true }).check();
    await box.focus();
    await page.keyboard.type(text, { delay: KEY_GAP_MS });
    await page.waitForFunction(
      () => (window as unknown as { keystrokes: Keystroke[] }).keystrokes.at(-1)?.paintedAt != null,
      null,
      { timeout: 30_000 },
    );
    notes.push(...(await page.locator('.coverage-note').allTextContents()));
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
  }
  const { keystrokes, bridgeMs } = await page.evaluate(() => {
    const recorded = window as unknown as { keystrokes: Keystroke[]; bridgeTimes: BridgeTimes };
    return { keystrokes: recorded.keystrokes, bridgeMs: recorded.bridgeTimes.searchLocal ?? [] };
  });
  return { keystrokes, bridgeMs, notes };
}

async function searchKeystrokes(browser: Browser, service: TestService) {
  const replica = seededReplica();
  const { file, key, segments } = replica;
  replica.db.close();
  const app = await openApp(service, { file, key });
  try {
    // These calls and deals are not the demo service's: with it up, revalidating them would find
    // them gone and delete them. Stopped, every read is the replica's, as offline; the search path
    // is the same either way while the local index covers every call the workspace knows.
    await service.terminate();
    const page = await newPage(browser, recordKeystrokes);
    // The first page warms the process (SQLite's cache of the copied file, the JIT): not counted.
    await typeOnSearchScreen(page, app.host);
    const keystrokes: Keystroke[] = [];
    const bridgeMs: number[] = [];
    const notes = new Set<string>();
    for (let round = 0; round < SEARCH_ROUNDS; round++) {
      const typedNow = await typeOnSearchScreen(page, app.host);
      keystrokes.push(...typedNow.keystrokes);
      bridgeMs.push(...typedNow.bridgeMs);
      for (const note of typedNow.notes) notes.add(note);
    }
    await page.close();
    // What the screen said of the local index's coverage under each result.
    const coverage = [...notes].filter((note) => /^The local index covers|searched here/.test(note));
    return { keystrokes, bridgeMs, segments, coverage, deals: app.deals };
  } finally {
    await app.close();
    await service.restart();
  }
}

interface CallPaint {
  clickedAt: number | null;
  detailAt: number | null;
  rowsAt: number | null;
}

/** Waits until the page's \`window[record]\` has each of \`marks\` painted, and returns it. */
async function painted<T>(page: Page, record: 'callPaint' | 'dealPaint', marks: readonly string[]): Promise<T> {
  const done = await page.waitForFunction(
    ([name, wanted]) => {
      const timing = (window as unknown as Record<string, Record<string, number | null>>)[name]!;
      return wanted.every((mark) => (timing[mark] ?? -1) > 0) ? timing : null;
    },
    [record, marks] as const,
    { timeout: 30_000 },
  );
  return (await done.jsonValue()) as T;
}

/** How long a person holds the button down in a click (measured clicks last 50-150 ms). */
const PRESS_MS = 80;

/** How long after a key focused a link a person presses Enter on it (a glance at the row). */
const ENTER_AFTER_MS = 150;

/**
 * A click as a person makes one (`person`: the button held `PRESS_MS`), and as Playwright does
 * (`instant`: pointer over, down and up in one frame, so whatever the press starts is still running
 * when the click comes); or the keyboard's way (`keyboard`: `j` until the link has focus, Enter
 * `ENTER_AFTER_MS` later).
 */
type Press = 'person' | 'instant' | 'keyboard';
const presses: readonly Press[] = ['person', 'instant', 'keyboard'];

/** `j` steps through the list's rows until the link has focus, then Enter opens it. Timed from the Enter. */
async function openWithKeys(page: Page, link: Locator): Promise<void> {
  for (let step = 0; !(await link.evaluate((element) => element === document.activeElement)); step++) {
    if (step === 100) throw new Error('j never reached the link');
    await page.keyboard.press('j');
  }
  await page.waitForTimeout(ENTER_AFTER_MS);
  await page.keyboard.press('Enter');
}

/** A click as a person makes one: pointer onto the link, button down, held, released. Timed from the click (the release). */
async function pressLikeAPerson(page: Page, link: Locator): Promise<void> {
  await link.hover();
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
}

const callPainted = (page: Page) => painted<CallPaint>(page, 'callPaint', ['detailAt', 'rowsAt']);

/**
 * Seen once with the service up: the list, then the record opened from it, each kept in the
 * replica as it is read (\`page\` is closed after). Then the service is stopped.
 */
async function seenThenStopped(
  host: AppHost,
  service: TestService,
  page: Page,
  seen: { list: string; title: string; painted: (page: Page) => Promise<unknown> },
): Promise<void> {
  await page.goto(`${await host.newSignInUrl()}#${seen.list}`);
  await page.getByRole('link', { name: seen.title }).first().click();
  await seen.painted(page);
  await page.getByText(/^Updated /).waitFor();
  await page.close();
  await service.terminate();
}

async function reopenOffline(browser: Browser, service: TestService) {
  const key = demoKeyOf(service.manifest!).key.key;
  const ask = async <T>(path: string) =>
    (await (await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as T;
  const call = (await ask<{ data: { id: string; title: string }[] }>('/v1/videos?status=READY&limit=1')).data[0]!;
  const lines = (await ask<{ data: unknown[] }>(`/v1/videos/${call.id}/transcript`)).data.length;
  const app = await openApp(service, null);
  try {
    await seenThenStopped(app.host, service, await newPage(browser, recordCallPaint, call.title), {
      list: '/calls',
      title: call.title,
      painted: callPainted,
    });

    const fresh: CallPaint[] = [];
    const inApp: Record<Press, CallPaint[]> = { person: [], instant: [], keyboard: [] };
    /** Per run, from the list showing the call's link until the list's read-ahead of its transcript was answered. */
    const readAhead: number[] = [];
    /** The call screen's transcript, which the rows wait for, and the call's own read, through the bridge. */
    const bridge = { getVideo: [] as number[], getTranscript: [] as number[] };
    let offlineShown = false;
    for (let run = 0; run < REOPEN_RUNS; run++) {
      const loaded = await newPage(browser, recordCallPaint, call.title);
      await loaded.goto(`${await app.host.newSignInUrl()}#/calls/${call.id}`);
      fresh.push(await callPainted(loaded));
      offlineShown ||= await loaded.getByText(/^Offline — showing what was synced/).isVisible();
      await loaded.close();

      for (const press of presses) {
        const listed = await newPage(browser, recordCallPaint, call.title);
        await listed.goto(`${await app.host.newSignInUrl()}#/calls`);
        const link = listed.getByRole('link', { name: call.title }).first();
        await link.waitFor();
        // The list reads ahead, at idle, the transcripts the replica holds of the calls in view; a
        // person's click comes later than that (hundreds of ms to find the row): it is waited for,
        // and how long it took after the list showed the link is reported. The wait also builds
        // Playwright's helper in the page's own world (about 18 ms of script on the page's thread,
        // seen in traces between the transcript's answer and its rows) before the click, so the
        // click's time is the app's.
        const shownAt = await listed.evaluate(() => performance.now());
        const heldAt = await listed.waitForFunction(
          (id) => (window as unknown as { heldAt: Record<string, number> }).heldAt[id],
          call.id,
          { timeout: 10_000 },
        );
        readAhead.push(Math.max(0, ((await heldAt.jsonValue()) as number) - shownAt));
        await listed.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
        if (press === 'person') await pressLikeAPerson(listed, link);
        else if (press === 'keyboard') await openWithKeys(listed, link);
        else await link.click();
        inApp[press].push(await callPainted(listed));
        const times = await listed.evaluate(() => (window as unknown as { bridgeTimes: BridgeTimes }).bridgeTimes);
        bridge.getVideo.push(...(times.getVideo ?? []));
        bridge.getTranscript.push(...(times.getTranscript ?? []));
        await listed.close();
      }
    }
    if (!offlineShown) throw new Error('the app never said it was offline: was the service stopped?');
    return { call, lines, fresh, inApp, bridge, readAhead };
  } finally {
    await app.close();
  }
}

interface DealPaint {
  clickedAt: number | null;
  detailAt: number | null;
}

const dealPainted = (page: Page) => painted<DealPaint>(page, 'dealPaint', ['detailAt']);

/**
 * A deal seen once from the Pipeline with the service up, then clicked on a fresh Pipeline page
 * with the service stopped, as a call is in `reopenOffline`.
 */
async function reopenDealOffline(browser: Browser, service: TestService) {
  // Up again whatever ran before (the call's part leaves it stopped).
  await service.restart();
  const key = demoKeyOf(service.manifest!).key.key;
  const response = await fetch(`${service.baseUrl}/v1/deals?status=OPEN&limit=1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const deal = ((await response.json()) as { data: { id: string; title: string }[] }).data[0]!;
  const app = await openApp(service, null);
  try {
    await seenThenStopped(app.host, service, await newPage(browser, recordDealPaint, deal.title), {
      list: '/deals',
      title: deal.title,
      painted: dealPainted,
    });

    const inApp: DealPaint[] = [];
    for (let run = 0; run < REOPEN_RUNS; run++) {
      const listed = await newPage(browser, recordDealPaint, deal.title);
      await listed.goto(`${await app.host.newSignInUrl()}#/deals`);
      const link = listed.getByRole('link', { name: deal.title }).first();
      // The card shows the deal's win probability once its own read (the deal page's first read
      // too) is answered; a person reads the card before clicking it: waited for, as the calls
      // list's read-ahead is in reopenOffline, and the page left to go idle.
      await link.getByText(/ to win$|^Not scored$/).waitFor();
      await listed.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      await link.click();
      inApp.push(await dealPainted(listed));
      await listed.close();
    }
    return { deal, inApp };
  } finally {
    await app.close();
  }
}

/** A keystroke whose results were never painted (the next key's search replaced them) is slower than any painted. */
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'not painted');
const verdict = (measured: number, target: number) => (measured <= target ? 'met' : '**missed**');
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

function keystrokeRow(label: string, keystrokes: Keystroke[]): string {
  const times = sorted(
    keystrokes.map((k) => (k.paintedAt === null ? Number.POSITIVE_INFINITY : k.paintedAt - k.pressedAt)),
  );
  const replaced = keystrokes.filter((k) => k.paintedAt === null).length;
  const p95 = percentile(times, 0.95);
  return `| ${label} | ${keystrokes.length} | ${replaced} | ${ms(percentile(times, 0.5))} | ${ms(p95)} | ${verdict(p95, KEYSTROKE_TARGET_P95_MS)} |`;
}

function reopenRow(label: string, times: number[]): string {
  const p95 = percentile(sorted(times), 0.95);
  return `| ${label} | ${ms(percentile(sorted(times), 0.5))} | ${ms(p95)} | ${verdict(p95, REOPEN_TARGET_MS)} |`;
}

const typedList = typed
  .map(
    ({ text, mode, order }) =>
      `\`${text}\`${mode === 'phrase' ? ' (exact phrase)' : order === 'best' ? ' (best match)' : ''}`,
  )
  .join(', ');

type SearchRun = Awaited<ReturnType<typeof searchKeystrokes>>;
type ReopenRun = Awaited<ReturnType<typeof reopenOffline>>;

function searchSection(search: SearchRun, loadAtStart: string, loadAfterSearch: string): string {
  const byLength = (test: (length: number) => boolean) => search.keystrokes.filter((k) => test(k.text.length));
  const bridge = sorted(search.bridgeMs);
  const coveredAll = search.coverage.every((note) => note.startsWith('The local index covers all'));
  return `**Keystroke → local search results painted**, on the Search screen (\`G F\`), which answers from the local index. The demo workspace's replica is a copy of the \`replica\` bench's encrypted file (${search.segments.toLocaleString('en-US')} segments in 4,000 calls), opened by the core as the workspace's own (its key handed over as the keychain would), with the records of the ${search.deals.toLocaleString('en-US')} deals its calls name added (the file has only calls and transcripts; a synced workspace holds its deals, and each result shows them). Those calls and deals are not the demo service's, so the service was stopped once the workspace was open: with it up, revalidation would find them gone and delete them. Every read is then the replica's, and the search path is the one a synced workspace takes online, since the index covers every call the workspace knows: under every result the screen said ${search.coverage.map((note) => `"${note.trim()}"`).join(' or ')}${coveredAll ? ', so no keystroke asked the service' : ''}.

${SEARCH_ROUNDS} page loads (after one to warm up) each type ${typedList} with Playwright's keyboard, one key every ${KEY_GAP_MS} ms (a quick typist), emptying the box between them. No text is typed twice on one page under the same mode and order, so no answer comes from the page's cache. Each keystroke is timed from its key event to the paint of the frame after its own results are in the DOM (the box holds its text, the count under it is no longer "Searching…", nothing is busy): the renderer, the bridge over loopback HTTP, the core, SQLite's FTS5 and the render of the answer (the screen's first answer: a screenful of calls with their hits and neighbouring lines and of the deals with the most lines, with every count; the rest loads as the lists are scrolled, which this bench does not do). The screen writes its address (kept for Back and a reload) once typing pauses, not on each key, so the pauses between the texts are where it is written. A keystroke whose results never reached the screen, because the next key's search replaced them first, counts as slower than any painted one ("not painted"). The transcript search (\`/\`) asks this same engine, the copy first.

| text typed | keystrokes | not painted (replaced by the next key's) | p50 ms | p95 ms | p95 ≤ ${KEYSTROKE_TARGET_P95_MS} ms (issue 12, item 4) |
|---|---:|---:|---:|---:|---|
${[
  keystrokeRow(
    '1 character',
    byLength((n) => n === 1),
  ),
  keystrokeRow(
    '2 characters',
    byLength((n) => n === 2),
  ),
  keystrokeRow(
    '3+ characters',
    byLength((n) => n >= 3),
  ),
  keystrokeRow('all', search.keystrokes),
].join('\n')}

Of that, the bridge: each local search from the page's request to its answer's headers (${bridge.length} searches; the core's search and the answer's JSON included): p50 ${ms(percentile(bridge, 0.5))} ms, p95 ${ms(percentile(bridge, 0.95))} ms. The rest is the renderer's. Load average (1 / 5 / 15 min) at the start: ${loadAtStart}; after the search runs: ${loadAfterSearch}.

`;
}

function reopenSection(reopen: ReopenRun): string {
  return `**Re-opening a call seen before, with the service stopped**: the \`demo\` profile's newest ready call ("${reopen.call.title}", ${reopen.lines} transcript lines), seen once from the calls list with the service up (so its answers are in the workspace's replica, an encrypted file, as the app keeps it), then the service process stopped (SIGTERM; the app said "Offline — showing what was synced"). ${REOPEN_RUNS} runs of each: in the app, a fresh page on the calls list (read from the replica too) and a click on the call, timed from the click (the button's release). The click is made as a person makes one: pointer onto the link, button down, held ${PRESS_MS} ms (people hold it 50-150 ms), released; the link starts the call's reads when the button goes down and renders the call's page out of sight while it is held (\`CallLink\`), as it is designed to: the click shows that page. The "instant click" row is Playwright's own click, pointer over, down and up in one frame, so the work the press starts runs in the click's frame too: the harshest case, reported beside it. The "keyboard" row opens the call as a keyboard user does: \`j\` until its link has focus (the link renders the call's page out of sight while it holds the keyboard's focus), Enter ${ENTER_AFTER_MS} ms later, timed from the Enter. What the click finds in the page: the list reads ahead, once the page is idle, the transcripts the replica holds of the calls in view (\`getHeldTranscript\`, which never asks the service), and the bench clicks once the clicked call's was answered, as a person's click comes later than that (it was answered p50 ${ms(percentile(sorted(reopen.readAhead), 0.5))} ms, p95 ${ms(percentile(sorted(reopen.readAhead), 0.95))} ms after the list showed the call's link); a quicker click finds it on the way, as before. And a fresh page load of the call's address, timed from the navigation's start, so it includes starting the app in the page (the bundle, the sign-in code traded for a session, the shell's own reads).

| navigation | p50 ms | p95 ms | p95 ≤ ${REOPEN_TARGET_MS} ms (issue 12, item 2) |
|---|---:|---:|---|
${[
  reopenRow(
    'click in the calls list → title and details painted',
    reopen.inApp.person.map((t) => t.detailAt! - t.clickedAt!),
  ),
  reopenRow(
    'click in the calls list → first transcript rows painted',
    reopen.inApp.person.map((t) => t.rowsAt! - t.clickedAt!),
  ),
  reopenRow(
    'the same, instant click → title, details and first transcript rows painted',
    reopen.inApp.instant.map((t) => Math.max(t.detailAt!, t.rowsAt!) - t.clickedAt!),
  ),
  reopenRow(
    'the same, keyboard (j to the call, Enter) → title, details and first transcript rows painted',
    reopen.inApp.keyboard.map((t) => Math.max(t.detailAt!, t.rowsAt!) - t.clickedAt!),
  ),
  reopenRow(
    'fresh page load → title and details painted',
    reopen.fresh.map((t) => t.detailAt!),
  ),
  reopenRow(
    'fresh page load → first transcript rows painted',
    reopen.fresh.map((t) => t.rowsAt!),
  ),
].join('\n')}

The bridge (request → answer's headers, the host reading the replica included, and the page's thread taking the answer, busy with the page's own work until then): the transcript (\`getTranscript\`: the page holds it, read ahead, and asks for it again once its rows are painted) p50 ${ms(percentile(sorted(reopen.bridge.getTranscript), 0.5))} ms, p95 ${ms(percentile(sorted(reopen.bridge.getTranscript), 0.95))} ms; the call (\`getVideo\`, asked once the rows are painted, the list's record shown until then) p50 ${ms(percentile(sorted(reopen.bridge.getVideo), 0.5))} ms, p95 ${ms(percentile(sorted(reopen.bridge.getVideo), 0.95))} ms. Title and rows are painted in one frame: the page is whole when the click shows it.

`;
}

type DealReopenRun = Awaited<ReturnType<typeof reopenDealOffline>>;

function dealReopenSection(reopen: DealReopenRun): string {
  return `**Re-opening a deal seen before, with the service stopped**: the \`demo\` profile's newest open deal ("${reopen.deal.title}"), seen once from the Pipeline with the service up, then the service process stopped. ${REOPEN_RUNS} runs: a fresh page on the Pipeline (read from the replica), the deal's card showing its win probability (its read answered, as a person sees it before clicking) and the page idle, then a click on the card, timed from the click to the deal's title, facts and win probability painted.

| navigation | p50 ms | p95 ms | p95 ≤ ${REOPEN_TARGET_MS} ms (issue 12, item 2) |
|---|---:|---:|---|
${reopenRow(
  'click on the Pipeline → title, facts and win probability painted',
  reopen.inApp.map((t) => t.detailAt! - t.clickedAt!),
)}

`;
}

const benchParts = ['search', 'reopen', 'deal'] as const;
type BenchPart = (typeof benchParts)[number];

/**
 * `LOCAL_FIRST_ONLY=search`, `=reopen` or `=deal` runs that part alone and prints it without writing
 * docs/benchmarks.md, for a quick look at one change; a name that is no part is refused.
 */
function chosenPart(): BenchPart | null {
  const only = process.env.LOCAL_FIRST_ONLY?.trim();
  if (!only) return null;
  if (!benchParts.includes(only as BenchPart))
    throw new Error(`LOCAL_FIRST_ONLY: no part "${only}" (parts: ${benchParts.join(', ')})`);
  return only as BenchPart;
}

export default async function localFirstUiBench(): Promise<void> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error('run `npm run build` first: out/renderer is missing');
  const only = chosenPart();
  const loadAtStart = loadAverage();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const service = await startTestService({ profile: 'demo' });
  try {
    const sections: string[] = [];
    if (!only || only === 'search') {
      console.log('keystrokes on the Search screen, 1,000,000 segments…');
      const search = await searchKeystrokes(browser, service);
      sections.push(searchSection(search, loadAtStart, loadAverage()));
    }
    if (!only || only === 'reopen') {
      console.log('re-opening a seen call with the service stopped…');
      sections.push(reopenSection(await reopenOffline(browser, service)));
    }
    if (!only || only === 'deal') {
      console.log('re-opening a seen deal with the service stopped…');
      sections.push(dealReopenSection(await reopenDealOffline(browser, service)));
    }
    if (only) {
      console.log(
        `${sections.join('')}Load average now (1 / 5 / 15 min): ${loadAverage()} (not recorded: LOCAL_FIRST_ONLY)`,
      );
      return;
    }
    const markdown = `## Local-first in the browser (\`bench/local-first.bench.ts\`)

Debian's Chromium on the production build, the real core behind the browser-mode host in a process of its own (as Electron's main process or \`npm start\` runs it; not the bench's, where Playwright's client and server trade CDP traffic with Chromium), on the demo workspace of the local service (\`demo\` profile, another process). No background sync during the runs. Each time is from the person's action to the end of the paint of the frame after the DOM first shows what they asked for (a user-blocking task posted from that frame's animation-frame callback, as the \`ui\` bench marks it).

${sections.join('')}${describeMachine()}
- Load average when the run started (1 / 5 / 15 min): ${loadAtStart}
`;
    console.log(markdown);
    recordBenchmark('local-first', markdown);
  } finally {
    await browser.close();
    await service.stop();
  }
}
