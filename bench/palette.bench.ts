/**
 * The palette (issue 30, item 1): on a synced copy of the `large` profile's first organisation
 * (bench/synced-screens.bench.ts's host), a deal's page in Chromium, then `Ctrl K` pressed again
 * and again: from the key to the frame that painted the palette's first rows; and from the first
 * letter typed to the frame that painted the rows ranked for it, the copy's records among them.
 *
 * `npm run bench palette`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { currentLargeSeed, serveLargeWorkspace } from './large-profile';
import { describeMachine, loadAverage, percentile, recordBenchmark } from './report';
import { syncedHost } from './synced-screens.bench';

/** Issue 30: palette open → first results painted ≤ 50 ms p95. */
const GOAL_MS = 50;
const OPENINGS = 40;

interface TimedPage {
  armTiming(selector: string, key: string): void;
  timing: Promise<number>;
}

/**
 * Runs in the page: `armTiming(selector, key)` makes `timing` resolve with the ms from the next
 * keydown of `key` to the first frame painted after `selector` matches. It is armed (and awaited)
 * before the key is pressed: an evaluation left running can reach the page after the key it waits
 * for, and then waits for ever.
 */
function watchPaints() {
  const page = window as unknown as TimedPage;
  page.armTiming = (selector, key) => {
    page.timing = new Promise((resolve) => {
      const onKey = (event: KeyboardEvent) => {
        if (event.key.toLowerCase() !== key) return;
        window.removeEventListener('keydown', onKey, true);
        const pressedAt = performance.now();
        const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressedAt)));
        if (document.querySelector(selector)) return painted();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          painted();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      };
      window.addEventListener('keydown', onKey, true);
    });
  };
}

/** From `key` pressed to the frame painted once `selector` matches. */
async function timePress(page: Page, selector: string, press: string, key: string): Promise<number> {
  await page.evaluate(([s, k]) => (window as unknown as TimedPage).armTiming(s!, k!), [selector, key]);
  await page.keyboard.press(press);
  return page.evaluate(() => (window as unknown as TimedPage).timing);
}

const ms = (value: number) => value.toFixed(1);
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
};

export default async function paletteBench(): Promise<void> {
  if (!currentLargeSeed()) {
    throw new Error('the large profile is not seeded in .data/bench-large: `npm run bench search` seeds it');
  }
  const {
    service,
    apiKey,
    read: deal,
  } = await serveLargeWorkspace(
    (db, orgId) =>
      db
        .prepare<[string], { id: string; title: string }>(
          'SELECT id, title FROM deals WHERE org_id = ? AND title IS NOT NULL ORDER BY id LIMIT 1',
        )
        .get(orgId)!,
  );
  const replicaDir = mkdtempSync(join(tmpdir(), 'callscope-bench-palette-'));
  try {
    console.log('the first full sync, unthrottled (a few minutes)...');
    const { host, sync, seconds } = await syncedHost(service.baseUrl, apiKey, replicaDir);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const loadBefore = loadAverage();
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      // A page that crashes or throws ends the run with its reason, not with a bare "page closed".
      page.on('crash', () => console.error('the page crashed (its renderer process died)'));
      page.on('pageerror', (error) => console.error(`page error: ${error.stack ?? error.message}`));
      browser.on('disconnected', () => console.error('the browser went away'));
      await page.addInitScript('globalThis.__name = (target) => target;');
      await page.addInitScript(watchPaints);
      await page.goto(`${await host.newSignInUrl()}#/deals/${encodeURIComponent(deal.id)}`);
      await page.getByRole('heading', { level: 1, name: deal.title }).waitFor();
      await page.waitForTimeout(1_500);
      const rows = 'dialog[open] [role="listbox"] [role="option"]';
      const opened: number[] = [];
      const typed: number[] = [];
      for (let run = 0; run < OPENINGS; run++) {
        opened.push(await timePress(page, rows, 'Control+k', 'k'));
        // A letter ranks every action and record; timed to the frame painting its rows.
        const matches = 'dialog[open] [role="group"][aria-label="Matches"] [role="option"]';
        typed.push(await timePress(page, matches, 'a', 'a'));
        await page.keyboard.press('Escape');
        await page.waitForTimeout(150);
      }
      const open = summary(opened);
      const letter = summary(typed);
      const markdown = `## The palette on a synced copy, \`large\` profile (\`bench/palette.bench.ts\`, \`npm run bench palette\`)

Issue 30, item 1. The real core in browser mode on the \`large\` profile's first organisation, its
first full sync unthrottled into an empty encrypted copy (${seconds.toFixed(0)} s, ${sync.calls.synced.toLocaleString('en-US')} calls and
${sync.deals.synced.toLocaleString('en-US')} deals), then on a deal's page in Chromium (1440 × 900) \`Ctrl K\` pressed ${OPENINGS} times in one page
(each opening reads the records again in one \`listPaletteRecords\` call; the first opening's rows
do not wait for it): from the key to the frame that painted the palette's first rows, and from the
first letter typed to the frame that painted the rows ranked for it over every action and record.
The machine has 2 cores shared with other engineers' work (load before → after: ${loadBefore} → ${loadAverage()}).

| measured | goal | p50 ms | p95 ms | slowest ms | |
|---|---|---:|---:|---:|---|
| \`Ctrl K\` → first rows painted | p95 ≤ ${GOAL_MS} ms | ${ms(open.p50)} | ${ms(open.p95)} | ${ms(open.max)} | ${open.p95 <= GOAL_MS ? 'met' : '**missed**'} |
| first letter → ranked rows painted | — | ${ms(letter.p50)} | ${ms(letter.p95)} | ${ms(letter.max)} | |

${describeMachine()}
`;
      console.log(markdown);
      recordBenchmark('palette', markdown);
    } finally {
      browser.removeAllListeners('disconnected');
      await browser.close();
      await host.close();
    }
  } finally {
    rmSync(replicaDir, { recursive: true, force: true });
    await service.stop();
  }
}
