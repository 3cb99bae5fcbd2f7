import { type Browser, chromium, type Page } from '@playwright/test';
import type { AppHost } from './app-host';

/**
 * How a screen is opened: 'person', a click on its link as a person makes one (pointer onto it,
 * button down, held 80 ms, as the local-first bench presses, released: the app may render ahead
 * while it is held); 'instant', a click with no press before it; 'keys', `g` then the screen's
 * letter. Timed from the click, or from the letter's key.
 */
export type Press = 'person' | 'instant' | 'keys';
const PRESS_MS = 80;

/** The screens timed, each with how it opens and when it counts as painted whole. */
export type ScreenName = 'pipeline' | 'rollup' | 'changes';
export const screenOpenings: Record<ScreenName, readonly Press[]> = {
  pipeline: ['person', 'instant'],
  rollup: ['keys'],
  changes: ['keys'],
};
const goToKey: Record<ScreenName, string> = { pipeline: 'p', rollup: 'o', changes: 'w' };

/** One opening of a screen: from the click or key to the frame that painted it whole. */
export interface ScreenOpening {
  screen: ScreenName;
  press: Press;
  ms: number;
  /** The bridge operations the window asked from the press until that frame, in order. */
  bridgeCalls: string[];
  /**
   * From the click or key, in ms: when the first of those calls was sent (before it: negative), and
   * when the last of those answered by the painted frame was answered.
   */
  firstSentMs: number | null;
  lastAnsweredMs: number | null;
  /** What the painted screen showed: cards in view, cells, changes listed. */
  shown: number;
}

type Watched = Omit<ScreenOpening, 'screen' | 'press'>;

/**
 * Runs in the page before the app: every bridge call the page makes is kept with its times, and
 * `watchOpening(screen, event, key)` starts watching for the next click or key, answering once a
 * frame painted that screen whole.
 */
function watchScreens() {
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
  /** The screen on view (the shell keeps the one left, out of sight, until the new one is painted). */
  const onView = () => document.querySelector('#main .screen-slot:not([inert])');
  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
  };
  /** What each screen shows once whole, counted; null while it is not. */
  const whole: Record<string, () => number | null> = {
    // Every column counted and listed, and every card in view showing its probability and its warnings
    // (a card is busy while its warnings or the snoozes that hide some are read).
    pipeline() {
      const columns = Array.from(onView()?.querySelectorAll('.deal-group') ?? []);
      if (columns.length === 0) return null;
      for (const column of columns) {
        if (column.querySelector('[aria-label^="Loading"]')) return null;
        if (column.querySelector('.group-total')?.textContent?.startsWith('Counting')) return null;
      }
      const cards = Array.from(onView()?.querySelectorAll('.deal-card') ?? []).filter(inView);
      if (cards.length === 0) return null;
      const waiting = cards.some(
        (card) =>
          card.getAttribute('aria-busy') === 'true' ||
          card.querySelector('.card-probability')?.textContent === 'Probability…',
      );
      return waiting ? null : cards.length;
    },
    // The grid of owners × months with its sums (or the words saying no deal closes in the range).
    rollup() {
      const grid = onView()?.querySelector('.rollup-grid');
      if (grid) return grid.querySelectorAll('td').length;
      const none = Array.from(onView()?.querySelectorAll('p') ?? []).some((p) =>
        p.textContent?.startsWith('No deal of these statuses'),
      );
      return none ? 0 : null;
    },
    // The count of changes, and the changes listed down to the window's foot (or all of them, when fewer).
    changes() {
      const summary = onView()?.querySelector('.changes-summary');
      if (!summary) return null;
      const count = Number(/^(\d+)/.exec(summary.textContent ?? '')?.[1] ?? 0);
      const rows = onView()?.querySelectorAll('.change-row') ?? [];
      const last = rows[rows.length - 1];
      const filled =
        rows.length >= count || (last !== undefined && last.getBoundingClientRect().bottom >= window.innerHeight);
      return filled ? count : null;
    },
  };
  const { scheduler } = window as unknown as { scheduler: { postTask(task: () => void, options: object): void } };
  Object.assign(window, {
    watchOpening(screen: string, event: 'click' | 'keydown', key: string | null) {
      const from = calls.length;
      const opened = new Promise<Watched>((resolve) => {
        const started = (happened: Event) => {
          if (key !== null && (happened as KeyboardEvent).key !== key) return;
          window.removeEventListener(event, started, true);
          const startedAt = performance.now();
          // Checked in each frame's animation-frame callback, so what it sees is what that frame paints.
          const check = () => {
            const shown = whole[screen]!();
            if (shown === null) return requestAnimationFrame(check);
            scheduler.postTask(
              () => {
                const made = calls.slice(from);
                // A call still unanswered when the frame painted (a read the screen did not wait for) is left out.
                const answered = made.flatMap((call) => (call.answeredAt === null ? [] : [call.answeredAt]));
                resolve({
                  ms: performance.now() - startedAt,
                  bridgeCalls: made.map((call) => call.op),
                  firstSentMs: made.length > 0 ? made[0]!.sentAt - startedAt : null,
                  lastAnsweredMs: answered.length > 0 ? Math.max(...answered) - startedAt : null,
                  shown,
                });
              },
              { priority: 'user-blocking' },
            );
          };
          requestAnimationFrame(check);
        };
        window.addEventListener(event, started, true);
      });
      Object.assign(window, { screenOpened: opened });
    },
  });
}

async function openingFromTeam(page: Page, host: AppHost, screen: ScreenName, press: Press): Promise<ScreenOpening> {
  await page.goto(`${await host.newSignInUrl()}#/team`);
  await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
  // The shell's own first reads settle before the press, as when a person has been on a screen a
  // while (not networkidle: the bridge's event stream stays open).
  await page.waitForTimeout(1_500);
  const key = press === 'keys' ? goToKey[screen] : null;
  await page.evaluate(
    ([name, event, letter]) =>
      (window as unknown as { watchOpening(s: string, e: string, k: string | null): void }).watchOpening(
        name,
        event,
        letter,
      ),
    [screen, key === null ? 'click' : 'keydown', key] as const,
  );
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pipeline' });
  if (press === 'person') {
    await link.hover();
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
  } else if (press === 'instant') {
    await link.evaluate((element: HTMLElement) => element.click());
  } else {
    await page.keyboard.press('g');
    await page.keyboard.press(key!);
  }
  const watched = await page.evaluate(() => (window as unknown as { screenOpened: Promise<Watched> }).screenOpened);
  return { screen, press, ...watched };
}

/**
 * Opens each screen `times` times with each of its presses, each in a fresh page that came up on
 * the Team screen (so no read of the screen is in its cache).
 */
export async function screenOpeningsOf(host: AppHost, times: number): Promise<ScreenOpening[]> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const openings: ScreenOpening[] = [];
    for (let run = 0; run < times; run++) {
      for (const [screen, presses] of Object.entries(screenOpenings) as [ScreenName, readonly Press[]][]) {
        for (const press of presses) {
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          // tsx compiles with esbuild's keepNames, whose `__name` helper the serialised function still calls.
          await page.addInitScript('globalThis.__name = (target) => target;');
          await page.addInitScript(watchScreens);
          openings.push(await openingFromTeam(page, host, screen, press));
          await page.close();
        }
      }
    }
    return openings;
  } finally {
    await browser.close();
  }
}
