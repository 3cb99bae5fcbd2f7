/**
 * Cold start: `npm run start:web` (browser mode, as `npm start` falls back to here) to the first
 * screen with data, in Debian's Chromium. A first launch (no demo workspace yet, so it is seeded)
 * and a launch again on the same data, each timed in phases from what the launcher shows: the
 * launcher's own start, seeding, the service's start (the launcher says where it listens), the
 * browser host's start (the printed URL), the page, and the pipeline's cards. The bench builds first, so the
 * launcher, which builds only what is stale, never builds inside a timed run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, chromium } from '@playwright/test';
import { describeMachine, percentile, projectRoot, recordBenchmark } from './report';

const RUNS = 3;
const POLL_MS = 5;

interface Phases {
  /** Launch → "Seeding…" printed: the launcher's own start (first launch only). */
  launcher: number | null;
  /** Launch → the launcher says where the service listens (seeding included on a first launch). */
  service: number;
  /** The service listening → the sign-in URL printed. */
  host: number;
  /** URL → the first screen painted (welcome, or the pipeline when the demo is already open). */
  page: number;
  /** First screen → the pipeline's cards (opening the demo on a first launch). */
  data: number;
  total: number;
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('cold start: timed out');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function launchOnce(browser: Browser, home: string): Promise<Phases> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(projectRoot, 'scripts', 'start.mjs'), '--web'], {
    cwd: projectRoot,
    env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seen: { seeding?: number; serviceAt?: number; url?: string; urlAt?: number } = {};
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const now = performance.now();
    if (line.startsWith('Seeding')) seen.seeding = now;
    if (line.startsWith('The demo service listens at')) seen.serviceAt = now;
    const url = /https?:\/\/\S+/.exec(line)?.[0];
    if (url && line.includes('browser mode')) {
      seen.url = url;
      seen.urlAt = now;
    }
  });
  try {
    const ready = await until(() => seen.serviceAt);
    const url = await until(() => seen.url);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const opened = performance.now();
    await page.goto(url);
    const welcome = page.getByRole('button', { name: 'Open the demo workspace' });
    const cards = page.locator('.deal-card');
    await welcome.or(cards.first()).waitFor({ timeout: 60_000 });
    const painted = performance.now();
    if (await welcome.isVisible()) await welcome.click();
    await cards.first().waitFor({ timeout: 60_000 });
    const withData = performance.now();
    await page.close();
    return {
      launcher: seen.seeding === undefined ? null : seen.seeding - started,
      service: ready - started,
      host: seen.urlAt! - ready,
      page: painted - opened,
      data: withData - painted,
      total: withData - started,
    };
  } finally {
    await stop(child);
  }
}

const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0));

export default async function coldStartBench(): Promise<void> {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('cold start: electron-vite build failed');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const first: Phases[] = [];
  const again: Phases[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const home = mkdtempSync(join(tmpdir(), 'callscope-cold-'));
      try {
        console.log(`first launch ${run + 1}/${RUNS}…`);
        first.push(await launchOnce(browser, home));
        console.log(`launch again ${run + 1}/${RUNS}…`);
        again.push(await launchOnce(browser, home));
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  const median = (runs: Phases[], phase: keyof Phases) => {
    const values = runs.map((run) => run[phase]).filter((value): value is number => value !== null);
    return values.length > 0
      ? percentile(
          values.sort((a, b) => a - b),
          0.5,
        )
      : null;
  };
  // The service phase counts from launch, so the launcher's own start is taken out of it.
  const biggest = (runs: Phases[]) => {
    const launcher = median(runs, 'launcher') ?? 0;
    const parts: [string, number][] = [
      ['the launcher’s own start', launcher],
      [
        launcher > 0 ? 'seeding and the service’s start' : 'the launcher and the service’s start',
        (median(runs, 'service') ?? 0) - launcher,
      ],
      ['the browser host’s start', median(runs, 'host') ?? 0],
      ['loading the page', median(runs, 'page') ?? 0],
      ['the first data', median(runs, 'data') ?? 0],
    ];
    const [name, value] = parts.sort((a, b) => b[1] - a[1])[0]!;
    return `${name} (${ms(value)} ms)`;
  };
  const row = (label: string, phase: keyof Phases) =>
    `| ${label} | ${ms(median(first, phase))} | ${ms(median(again, phase))} |`;
  const markdown = [
    '## Cold start (`bench/cold-start.bench.ts`)',
    '',
    '`npm run start:web` to the pipeline with its cards, in Debian’s Chromium, on an empty home (first',
    'launch: the demo workspace is seeded, then opened from the welcome screen) and again on the same',
    `data (the demo opens by itself). Medians of ${RUNS} runs, in ms; the build is not timed.`,
    '',
    '| phase | first launch | again |',
    '|---|---:|---:|',
    row('launch → the launcher running (node, tsx, its imports; "Seeding…" printed)', 'launcher'),
    row('launch → the service listening (the launcher says where; seeding first on a first launch)', 'service'),
    row('service listening → browser host up (sign-in URL printed)', 'host'),
    row('page: URL → first screen painted', 'page'),
    row('first screen → pipeline cards', 'data'),
    row('**total**', 'total'),
    '',
    `Biggest contributor: ${biggest(first)} on a first launch, ${biggest(again)} on a launch again.`,
    '',
    'Machine:',
    describeMachine(),
  ].join('\n');
  console.log(markdown);
  recordBenchmark('cold-start', markdown);
}
