import { type Browser, chromium, type Page } from '@playwright/test';
import type { AppHost } from './app-host';

/**
 * How the Pipeline's link is clicked: 'person', pointer onto it, button down, held 80 ms (measured
 * clicks last 50-150 ms; the local-first bench's press) and released, so the app may render ahead
 * while it is held; 'instant', a click with no press before it. Timed from the click either way.
 */
export type Press = 'person' | 'instant';
export const presses: readonly Press[] = ['person', 'instant'];
const PRESS_MS = 80;

/** One opening of the Pipeline: from the click on its link to the frame that painted it whole. */
export interface PipelineOpening {
  press: Press;
  ms: number;
  /** The bridge operations the window asked from the press until that frame, in order. */
  bridgeCalls: string[];
  /** From the click, in ms: when the first of those calls was sent (before it: negative), and when the last was answered. */
  firstSentMs: number | null;
  lastAnsweredMs: number | null;
  cardsInView: number;
}

type Watched = Omit<PipelineOpening, 'press'>;

/**
 * Runs in the page before the app: every bridge call the page makes is kept with its times, and
 * `watchOpening()` starts watching for the next click, answering once a frame painted the board whole.
 */
function watchPipeline() {
  const calls: { op: string; sentAt: number; answeredAt: number | null }[] = [];
  const fetchBefore = window.fetch;
  window.fetch = async (input, init) => {
    const op = typeof init?.body === 'string' ? /^\{"op":"(\w+)"/.exec(init.body)?.[1] : undefined;
    if (!op) return fetchBefore(input, init);
    const call = { op, sentAt: performance.now(), answeredAt: null as number | null };
    calls.push(call);
    const response = await fetchBefore(input, init);
    call.answeredAt = performance.now();
    return response;
  };
  /** Every column counted and listed, and every card in view showing its probability; the cards in view. */
  function boardWhole(): number | null {
    const columns = Array.from(document.querySelectorAll('.deal-group'));
    if (columns.length === 0) return null;
    for (const column of columns) {
      if (column.querySelector('[aria-label^="Loading"]')) return null;
      if (column.querySelector('.group-total')?.textContent?.startsWith('Counting')) return null;
    }
    const inView = Array.from(document.querySelectorAll('.deal-card')).filter((card) => {
      const box = card.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    });
    if (inView.length === 0) return null;
    const waiting = inView.some((card) => card.querySelector('.card-probability')?.textContent === 'Probability…');
    return waiting ? null : inView.length;
  }
  const { scheduler } = window as unknown as { scheduler: { postTask(task: () => void, options: object): void } };
  Object.assign(window, {
    watchOpening() {
      const from = calls.length;
      const opened = new Promise<Watched>((resolve) => {
        window.addEventListener(
          'click',
          () => {
            const clickedAt = performance.now();
            // Checked in each frame's animation-frame callback, so what it sees is what that frame paints.
            const check = () => {
              const cardsInView = boardWhole();
              if (cardsInView === null) return requestAnimationFrame(check);
              scheduler.postTask(
                () => {
                  const made = calls.slice(from);
                  const answered = made.map((call) => call.answeredAt ?? Number.NaN);
                  resolve({
                    ms: performance.now() - clickedAt,
                    bridgeCalls: made.map((call) => call.op),
                    firstSentMs: made.length > 0 ? made[0]!.sentAt - clickedAt : null,
                    lastAnsweredMs: made.length > 0 ? Math.max(...answered) - clickedAt : null,
                    cardsInView,
                  });
                },
                { priority: 'user-blocking' },
              );
            };
            requestAnimationFrame(check);
          },
          { capture: true, once: true },
        );
      });
      Object.assign(window, { pipelineOpened: opened });
    },
  });
}

async function openingFromTeam(page: Page, host: AppHost, press: Press): Promise<PipelineOpening> {
  await page.goto(`${await host.newSignInUrl()}#/team`);
  await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
  // The shell's own first reads settle before the click, as when a person has been on a screen a
  // while (not networkidle: the bridge's event stream stays open).
  await page.waitForTimeout(1_500);
  await page.evaluate(() => (window as unknown as { watchOpening(): void }).watchOpening());
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pipeline' });
  if (press === 'person') {
    await link.hover();
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
  } else {
    await link.evaluate((element: HTMLElement) => element.click());
  }
  const watched = await page.evaluate(() => (window as unknown as { pipelineOpened: Promise<Watched> }).pipelineOpened);
  return { press, ...watched };
}

/**
 * Opens the Pipeline `times` times with each press, each in a fresh page that came up on the Team
 * screen (so no read of the board is in its cache) and then clicked the Pipeline's link.
 */
export async function pipelineOpenings(host: AppHost, times: number): Promise<PipelineOpening[]> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const openings: PipelineOpening[] = [];
    for (let run = 0; run < times; run++) {
      for (const press of presses) {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        // tsx compiles with esbuild's keepNames, whose `__name` helper the serialised function still calls.
        await page.addInitScript('globalThis.__name = (target) => target;');
        await page.addInitScript(watchPipeline);
        openings.push(await openingFromTeam(page, host, press));
        await page.close();
      }
    }
    return openings;
  } finally {
    await browser.close();
  }
}
