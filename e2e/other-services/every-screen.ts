import type { Page } from '@playwright/test';
import { formatClock } from '../../src/renderer/shared-ui/format';
import type { ServiceVariantName } from '../../src/service/testing/service-variants';
import type {
  ServedChecklistEvaluation,
  ServedDeal,
  ServedMember,
  ServedSalesEvent,
  ServedTranscriptSegment,
  ServedVideo,
} from '../../src/shared/api/served';
import { demoOrg, openScreen, serviceGet } from '../screen-helpers';
import type { CallscopeApp } from '../support/fixtures';
import { expect, test } from '../support/fixtures';

/**
 * Every screen against services Callscope did not write: the local service behind a proxy that
 * answers with other legal choices wherever the interface leaves one open
 * (src/service/testing/service-variants.ts). Each screen must show its data. Test subjects are
 * picked from the local service directly; the app sees them through the variant.
 */

/** A READY call with checklist evidence, sales events and a transcript, read from the service itself. */
export async function analysedCall(callscope: CallscopeApp) {
  const ready = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
  for (const video of ready) {
    const checklist = await serviceGet<{ data?: ServedChecklistEvaluation }>(
      callscope,
      `/v1/videos/${video.id}/checklist`,
    );
    const events = await serviceGet<{ data: ServedSalesEvent[] }>(callscope, `/v1/videos/${video.id}/events`);
    if ((checklist.data?.items.length ?? 0) > 0 && events.data.length > 0) {
      const transcript = await serviceGet<{ data: ServedTranscriptSegment[] }>(
        callscope,
        `/v1/videos/${video.id}/transcript`,
      );
      return { video, checklist: checklist.data!, events: events.data, transcript: transcript.data };
    }
  }
  throw new Error('the seed has no analysed call with events');
}

export const panel = (page: Page) => page.getByRole('tabpanel');

/** Every screen's flow, registered in the spec file of one variant (a variant needs its own worker). */
export function everyScreenAgainst(variant: ServiceVariantName): void {
  test.describe(`against a service that chose differently (${variant})`, () => {
    test('the pipeline shows its deals, a deal its probability and activity, and Re-score lands a new probability', async ({
      page,
      callscope,
    }) => {
      const deals = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
      const deal = deals.find((candidate) => candidate.title)!;
      await openScreen(page, callscope, '/deals');
      const open = page.getByRole('region', { name: /^Open/ });
      await expect(open.getByRole('link', { name: deal.title! }).first()).toBeVisible();
      if (variant === 'open-values') await expect(open.getByText('1 record could not be read')).toBeVisible();

      await open.getByRole('link', { name: deal.title! }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: deal.title! })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Win probability' })).toContainText(/\d+%|Not scored yet/);
      await expect(page.getByRole('region', { name: 'Activity' }).getByRole('alert')).toHaveCount(0);

      await page.getByRole('button', { name: 'Re-score' }).click();
      await expect(page.getByText(/^Scored: win probability \d+%\.$/)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('region', { name: 'Win probability' })).toContainText(/\d+%/);
      await expect(page.getByRole('button', { name: 'Re-score' })).toBeEnabled();
    });

    test('the calls list and a call page show every tab and the transcript at the right times, and Analyze finishes', async ({
      page,
      callscope,
    }) => {
      const { video, checklist, events, transcript } = await analysedCall(callscope);
      await openScreen(page, callscope, '/calls');
      const table = page.getByRole('table', { name: /Calls/ });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      if (variant === 'open-values') {
        await expect(table.getByText('Transcribing').first()).toBeVisible();
        await expect(page.getByText('1 record could not be read')).toBeVisible();
      }

      await openScreen(page, callscope, `/calls/${video.id}`);
      await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
      await expect(panel(page).locator('.summary-section').first()).toBeVisible();

      await page.getByRole('tab', { name: 'Checklist' }).click();
      await expect(panel(page).locator('.check-item')).toHaveCount(checklist.items.length);

      await page.getByRole('tab', { name: 'Sales events' }).click();
      await expect(panel(page).getByRole('button', { name: /^Jump to / })).toHaveCount(events.length);
      await expect(
        panel(page)
          .getByRole('button', { name: /^Jump to / })
          .first(),
      ).toContainText(formatClock(events[0]!.start));

      await page.getByRole('tab', { name: 'Analyses' }).click();
      await expect(
        panel(page)
          .getByRole('table', { name: /History of analyses/ })
          .getByRole('row')
          .nth(1),
      ).toBeVisible();

      const rows = page.getByRole('region', { name: /Transcript, \d+ segments/ }).getByRole('listitem');
      await expect(rows.first()).toContainText(transcript[0]!.text);
      await expect(rows.first().locator('.segment-time')).toHaveText(formatClock(transcript[0]!.start));

      await page.getByRole('button', { name: 'Analyze' }).first().click();
      await expect(page.getByText(/^Analysed: /)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Analyze' }).first()).toBeEnabled();
    });

    test('search finds what was said and opens the call at that segment', async ({ page, callscope }) => {
      const { transcript } = await analysedCall(callscope);
      const word = transcript.flatMap((segment) => segment.text.match(/\p{L}{7,}/gu) ?? [])[0]!;
      await openScreen(page, callscope, '/deals');
      await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
      await page.keyboard.press('/');
      const palette = page.getByRole('dialog', { name: 'Search transcripts' });
      await palette.getByRole('combobox', { name: 'Search every transcript' }).fill(word);
      const hits = palette.getByRole('listbox').getByRole('option');
      await expect(hits.first()).toBeVisible();
      await expect(palette.getByText(/^\d+ lines? in \d+ calls?$/)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#\/calls\/[^?]+\?segment=/);
      await expect(page.locator('[data-segment-id][aria-current="true"] mark').first()).toHaveText(
        new RegExp(word, 'i'),
      );
    });

    test('the team lists every member, and a webhook is added, listed and deleted', async ({ page, callscope }) => {
      const members = (await serviceGet<{ data: ServedMember[] }>(callscope, '/v1/members')).data;
      await openScreen(page, callscope, '/team');
      const list = page.getByRole('list', { name: 'Members' });
      await expect(list.getByRole('listitem')).toHaveCount(members.length);
      for (const member of members) await expect(list).toContainText(member.email);
      await expect(list.getByText('you', { exact: true })).toHaveCount(1);

      const host = 'hooks.example.com';
      await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id, host]);
      const url = `https://${host}/${variant}-${Date.now()}`;
      await openScreen(page, callscope, '/webhooks');
      await page.getByLabel('Endpoint address').fill(url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = page.getByRole('dialog', { name: 'Copy the signing secret now' });
      await expect(secret.getByText(/^whsec_/)).toBeVisible();
      await secret.getByRole('button', { name: 'I have stored it' }).click();
      const row = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: url });
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: `Delete ${url}` }).click();
      await page
        .getByRole('dialog', { name: 'Delete this endpoint?' })
        .getByRole('button', { name: 'Delete endpoint' })
        .click();
      await expect(page.getByText(url)).toHaveCount(0);
    });
  });
}
