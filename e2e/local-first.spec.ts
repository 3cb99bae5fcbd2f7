import type { ServedVideo } from '../src/shared/api/served';
import {
  addWorkspace,
  demoKey,
  demoOrg,
  issueKey,
  openScreen,
  openWorkspaceSettings,
  reopenDemo,
  serviceGet,
  unanalysedCalls,
  whileServiceStopped,
} from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true });

const offlineReason = 'Needs the service, which is not answering right now.';

test('a call seen before re-opens with its transcript while the service is stopped, and says it is offline', async ({
  page,
  callscope,
}) => {
  const calls = await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=1');
  const call = calls.data[0]!;
  const transcript = await serviceGet<{ data: { text: string }[] }>(callscope, `/v1/videos/${call.id}/transcript`);
  const firstLine = transcript.data[0]!.text;

  await openScreen(page, callscope, `/calls/${call.id}`);
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.getByText(firstLine).first()).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();

  await callscope.stopService();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: call.title })).toBeVisible();
  await expect(page.getByText(firstLine).first()).toBeVisible();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();

  await callscope.restartService();
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeHidden();
});

test('a call never analysed, seen before, still says so while the service is stopped', async ({ page, callscope }) => {
  const [call] = await unanalysedCalls(callscope);
  if (!call) throw new Error('the seeded data has no READY call never analysed');
  await openScreen(page, callscope, `/calls/${call.id}`);
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Checklist' }).click();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();

  await callscope.stopService();
  await page.reload();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  // Analyze is kept to be sent when the service answers again, so it stays enabled and says so.
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Analyze' })).toBeEnabled();
  await expect(page.getByRole('tabpanel').getByText(/^The service is not answering: Analyze is kept/)).toBeVisible();
  await page.getByRole('tab', { name: 'Checklist' }).click();
  await expect(page.getByText('This call has not been analysed yet')).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await callscope.restartService();
});

test('Re-score, which needs the service, says it is kept to be sent while the service is stopped, and no longer with it', async ({
  page,
  callscope,
}) => {
  const deals = await serviceGet<{ data: { id: string; title: string | null }[] }>(callscope, '/v1/deals?limit=1');
  const deal = deals.data[0]!;
  await openScreen(page, callscope, `/deals/${deal.id}`);
  const rescore = page.getByRole('button', { name: 'Re-score' });
  await expect(rescore).toBeEnabled();
  const kept = page.getByText(/^The service is not answering: Re-score is kept/);

  await callscope.stopService();
  await page.reload();
  await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
  await expect(rescore).toBeEnabled();
  await expect(kept).toBeVisible();

  await callscope.restartService();
  await expect(kept).toBeHidden();
  await expect(rescore).toBeEnabled();
});

test.describe('changes to the service are not queued while it is stopped', () => {
  const host = 'hooks.callscope-offline.example';

  test.afterEach(async ({ request, callscope }) => {
    await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id]);
    await reopenDemo(request, callscope);
  });

  test('adding and deleting webhook endpoints are disabled with the reason, and come back with the service', async ({
    page,
    callscope,
  }) => {
    await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id, host]);
    const url = `https://${host}/offline-${Date.now()}`;
    const created = await fetch(`${callscope.serviceUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demoKey(callscope)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['video.analysis.completed'] }),
    });
    const endpointId = ((await created.json()) as { data: { id: string } }).data.id;
    await openScreen(page, callscope, '/webhooks');
    const endpoints = page.getByRole('region', { name: 'Endpoints' });
    const remove = endpoints.getByRole('button', { name: `Delete ${url}` });
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    const add = form.getByRole('button', { name: 'Add endpoint' });
    await expect(remove).toBeEnabled();
    await expect(add).toBeEnabled();

    await whileServiceStopped(callscope, async () => {
      await page.reload();
      await expect(page.getByText(/Offline — showing what was synced/)).toBeVisible();
      // The list the service gave before still reads; what would change the service does not run.
      await expect(remove).toBeDisabled();
      await expect(remove).toHaveAccessibleDescription(offlineReason);
      await expect(endpoints.getByText(offlineReason)).toBeVisible();
      await form.getByLabel('Endpoint address').fill(`https://${host}/never-sent`);
      await form.getByLabel('Endpoint address').press('Enter');
      await expect(add).toBeDisabled();
      await expect(form.getByText(offlineReason)).toBeVisible();
    });

    await expect(remove).toBeEnabled();
    await expect(add).toBeEnabled();
    await expect(page.getByText(offlineReason)).toHaveCount(0);
    const listed = await serviceGet<{ data: { url: string }[] }>(callscope, '/v1/webhooks');
    expect(listed.data.map((endpoint) => endpoint.url)).not.toContain(`https://${host}/never-sent`);
    await fetch(`${callscope.serviceUrl}/v1/webhooks/${endpointId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${demoKey(callscope)}` },
    });
  });

  test('replacing and revoking the key are disabled with the reason, and come back with the service', async ({
    page,
    callscope,
  }) => {
    // The demo workspace's key is the service's own, with nothing to replace: a workspace of its own key.
    await addWorkspace(page, callscope, 'Offline keys', await issueKey(callscope));
    await openWorkspaceSettings(page);
    const replaceForm = page.getByRole('form', { name: 'Replace the key' });
    const replace = replaceForm.getByRole('button', { name: 'Use this key' });
    const stopUsing = page.getByRole('region', { name: 'Stop using this key' });
    const revoke = stopUsing.getByRole('button', { name: 'Revoke key…' });
    await expect(replace).toBeEnabled();
    await expect(revoke).toBeEnabled();

    await whileServiceStopped(callscope, async () => {
      await page.reload();
      await expect(page.getByText(/Offline — /)).toBeVisible();
      await expect(replace).toBeDisabled();
      await expect(replaceForm.getByText(offlineReason)).toBeVisible();
      await expect(revoke).toBeDisabled();
      await expect(revoke).toHaveAccessibleDescription(offlineReason);
      await expect(stopUsing.getByText(offlineReason)).toBeVisible();
      // Signing out and removing the workspace change only this computer: they stay available.
      await expect(stopUsing.getByRole('button', { name: 'Sign out of Offline keys' })).toBeEnabled();
      await expect(stopUsing.getByRole('button', { name: 'Remove workspace…' })).toBeEnabled();
    });

    await expect(replace).toBeEnabled();
    await expect(revoke).toBeEnabled();
    await expect(page.getByText(offlineReason)).toHaveCount(0);
  });
});
