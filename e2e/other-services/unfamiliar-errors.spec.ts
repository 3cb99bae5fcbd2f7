import type { ServedDeal } from '../../src/shared/api/served';
import { demoKey, openScreen, serviceGet } from '../screen-helpers';
import { expect, test } from '../support/fixtures';
import { analysedCall, panel } from './every-screen';

test.use({ serviceVariant: 'unfamiliar-errors' });

test.describe('against a service that fails in words Callscope has never seen', () => {
  test('an unknown error code shows the service’s message, status, request id and a next step by its class', async ({
    page,
    callscope,
  }) => {
    await openScreen(page, callscope, '/team');
    const error = page.getByRole('alert');
    await expect(error).toContainText('plan_restricted');
    await expect(error).toContainText('Your plan does not include the team directory.');
    await expect(error).toContainText('403');
    await expect(error).toContainText('The service refused this request.');
    await expect(error.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();

    await openScreen(page, callscope, '/deals/deal_missing');
    // The page's sections (Activity, Calls) read on their own and may fail before the deal's own
    // read does; once it has, the whole screen is the one error.
    await expect(page.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('resource_missing');
  });

  test('a deal whose record cannot be read, with activity that fails, still shows its scoring history', async ({
    page,
    callscope,
  }) => {
    const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=WON&limit=1')).data[0]!;
    await openScreen(page, callscope, `/deals/${deal.id}`);
    const header = page.getByRole('alert').filter({ hasText: 'This deal’s details could not be read' });
    await expect(header).toContainText('invalid_response');
    await expect(header).toContainText(/probability/);
    const activity = page.getByRole('region', { name: 'Activity' }).getByRole('alert');
    await expect(activity).toContainText('upstream_timeout');
    await expect(activity).toContainText('The service failed to answer. Retry in a moment');
    await expect(activity.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /History of scorings/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Re-score' })).toBeEnabled();
  });

  test('a panel whose answer is not JSON says so, and the call’s other panels still show', async ({
    page,
    callscope,
  }) => {
    const { video, transcript } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await expect(panel(page).locator('.summary-section').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Sales events' }).click();
    await expect(panel(page).getByRole('alert')).toContainText(
      'The service answered HTTP 502 with something that is not JSON.',
    );
    await expect(page.getByRole('region', { name: /Transcript, \d+ segments/ })).toContainText(transcript[0]!.text);
  });

  test('Analyze answered with something that is not an analysis still follows the job it started', async ({
    page,
    callscope,
  }) => {
    const { video } = await analysedCall(callscope);
    await openScreen(page, callscope, `/calls/${video.id}`);
    await page.getByRole('button', { name: 'Analyze' }).first().click();
    await expect(page.getByText(/^Analysed: /)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.job-slot').getByRole('alert')).toHaveCount(0);
  });

  test('a message that repeats the key never shows the key', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/deals');
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Search every transcript' }).fill('budget');
    // The service's refusal is said where the palette says what it could not search.
    const gap = page.getByRole('dialog', { name: 'Search transcripts' }).getByText(/could not be searched/);
    await expect(gap).toContainText('[key removed]');
    expect(await page.content()).not.toContain(demoKey(callscope));
  });
});
