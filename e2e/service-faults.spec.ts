import type { Page } from '@playwright/test';
import type { EndpointName } from '../src/shared/api/endpoints';
import type { ServedDeal } from '../src/shared/api/served';
import { callInCopy } from './local-search-helpers';
import { callWithNotMetEvidence, openScreen, readyCalls, serviceGet } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';

// The app reaches the service through the fault proxy; jobs last long enough to be seen running.
test.use({ serviceArgs: ['--job-delay-ms', '1500'], faultProxy: true });
test.afterEach(({ callscope }) => callscope.faults.clear());

interface JobScreen {
  name: string;
  /** The nth subject of this screen's kind, so each test starts its own job. */
  path(callscope: CallscopeApp, nth: number): Promise<string>;
  button: string;
  start: EndpointName;
  history: EndpointName;
  get: EndpointName;
  done: RegExp;
}

const screens: JobScreen[] = [
  {
    name: 'the deal page',
    async path(callscope, nth) {
      const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?limit=10')).data;
      return `/deals/${deals[nth]!.id}`;
    },
    button: 'Re-score',
    start: 'startScoring',
    history: 'listScorings',
    get: 'getScoring',
    done: /^Scored/,
  },
  {
    name: 'the call page',
    async path(callscope, nth) {
      const withTranscript = [];
      for (const call of await readyCalls(callscope)) {
        const transcript = await serviceGet<{ data: unknown[] }>(callscope, `/v1/videos/${call.id}/transcript`);
        if (transcript.data.length > 0) withTranscript.push(call);
        if (withTranscript.length > nth) break;
      }
      return `/calls/${withTranscript[nth]!.id}`;
    },
    button: 'Analyze',
    start: 'startAnalysis',
    history: 'listAnalyses',
    get: 'getAnalysis',
    done: /^Analysed/,
  },
];

const jobSlot = (page: Page) => page.locator('.job-slot');

for (const screen of screens) {
  test.describe(`a job started on ${screen.name}`, () => {
    test('whose start answer cannot be read says so with its request id, and Look again finds and follows it', async ({
      page,
      callscope,
    }) => {
      await openScreen(page, callscope, await screen.path(callscope, 0));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The history is read before it is edited: the jobs it held before the start are the ones it shows.
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      // The history shows no new job until the person looks again, so the app cannot find it by itself.
      const hideNewest = callscope.faults.inject({
        when: screen.history,
        fault: {
          kind: 'edit',
          edit(body, exchange) {
            if (!exchange.url.searchParams.get('cursor')) (body.data as unknown[]).shift();
          },
        },
      });
      const unreadable = callscope.faults.inject({
        when: screen.start,
        fault: {
          kind: 'edit',
          edit(body) {
            (body.data as Record<string, unknown>).id = 42;
          },
        },
        times: 1,
      });
      await page.getByRole('button', { name: screen.button }).first().click();
      await expect(jobSlot(page)).toContainText(
        /Started, but the service’s answer could not be read \(request id req_[0-9a-f]{32}\)\./,
      );
      expect(unreadable.injected()).toBe(1);
      expect(hideNewest.injected()).toBeGreaterThan(0);

      hideNewest.remove();
      await jobSlot(page).getByRole('button', { name: 'Look again' }).click();
      await expect(jobSlot(page).getByText(screen.done)).toBeVisible({ timeout: 20_000 });
    });

    test('whose progress cannot be read says so, stops counting, gives the request id, and Look again ends it', async ({
      page,
      callscope,
    }) => {
      await openScreen(page, callscope, await screen.path(callscope, 1));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const unreadable = callscope.faults.inject({
        when: screen.get,
        fault: {
          kind: 'edit',
          edit(body) {
            (body.data as Record<string, unknown>).status = 42;
          },
        },
      });
      await page.getByRole('button', { name: screen.button }).first().click();
      await expect(jobSlot(page)).toContainText(
        'Its progress could not be read just now (invalid_response); trying again.',
      );
      await expect(jobSlot(page)).toContainText('The job’s progress could not be read', { timeout: 30_000 });
      await expect(jobSlot(page)).toContainText('It may still be running on the service.');
      await expect(jobSlot(page).getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
      await expect(jobSlot(page)).not.toContainText('elapsed');
      expect(unreadable.injected()).toBeGreaterThan(0);

      unreadable.remove();
      await jobSlot(page).getByRole('button', { name: 'Look again' }).click();
      await expect(jobSlot(page).getByText(screen.done)).toBeVisible({ timeout: 20_000 });
    });
  });
}

test.describe('transcript search when the service part fails', () => {
  test('`/` still shows the lines the copy holds and says which calls could not be searched', async ({
    page,
    callscope,
  }) => {
    const { video, word } = await callInCopy(page, callscope);

    const failing = callscope.faults.inject({ when: 'searchTranscripts', fault: { kind: 'status', status: 500 } });
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search transcripts' });
    await palette.getByRole('combobox', { name: 'Search every transcript' }).fill(word);
    await expect(palette.getByText(/could not be searched/)).toBeVisible();
    await expect(palette.getByRole('listbox').getByRole('group', { name: video.title })).toBeVisible();
    await expect(palette.getByRole('alert')).toHaveCount(0);
    expect(failing.injected()).toBeGreaterThan(0);
    failing.remove();
  });
});

test.describe('a call whose checklist is slow to come', () => {
  test('the palette opened before it offers its first not-met evidence once the checklist is read', async ({
    page,
    callscope,
  }) => {
    // The oldest such call: the job tests read the newest, and a call read once is answered by the local copy.
    const { video, segment } = await callWithNotMetEvidence(callscope, (await readyCalls(callscope)).reverse());
    // The first read is told to come back in a few seconds: the palette is opened meanwhile.
    const later = callscope.faults.inject({
      when: (exchange) => exchange.url.pathname === `/v1/videos/${video.id}/checklist`,
      fault: { kind: 'status', status: 503, retryAfter: '3' },
      times: 1,
    });
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: video.title! })).toBeVisible();
    await expect.poll(() => later.injected()).toBe(1);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or do anything' });
    await expect(palette.getByRole('combobox', { name: 'Action, screen or record' })).toBeFocused();
    await page.keyboard.type('not met');
    const first = palette.getByRole('option').first();
    await expect(first).toContainText('Open the first not-met checklist evidence');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-segment-id][aria-current="true"]')).toHaveAttribute('data-segment-id', segment.id);
  });
});
