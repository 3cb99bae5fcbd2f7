import type { ServedMember } from '../src/shared/api/served';
import { demoOrg, openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('team', () => {
  test('lists members with status and initials, and marks the key’s member as you', async ({ page, callscope }) => {
    const members = (await serviceGet<{ data: ServedMember[] }>(callscope, '/v1/members')).data;
    const me = (await serviceGet<{ data: ServedMember }>(callscope, '/v1/members/me')).data;
    await openScreen(page, callscope, '/team');
    const list = page.getByRole('list', { name: 'Members' });
    await expect(list.getByRole('listitem')).toHaveCount(members.length);
    const mine = list.getByRole('listitem').filter({ hasText: me.email });
    await expect(mine).toContainText(me.display_name);
    await expect(mine.getByText('you', { exact: true })).toBeVisible();
    await expect(list.getByText('you', { exact: true })).toHaveCount(1);
    // No avatar image loads here (no network), so every member shows initials.
    await expect(list.locator('.avatar.initials')).toHaveCount(members.length);
  });
});

test.describe('webhooks', () => {
  const host = 'hooks.callscope-e2e.example';

  test.afterEach(async ({ callscope }) => {
    await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id]);
  });

  test('a host not on the allowlist is explained, not just refused', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/webhooks');
    await page.getByLabel('Endpoint address').fill(`https://${host}/refused`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const error = page.getByRole('form', { name: 'Add a webhook endpoint' }).getByRole('alert');
    await expect(error).toContainText('This host is not on your organisation’s allowlist — ask your administrator.');
    await expect(error).toContainText('invalid_webhook_url');
    // The local service's operator is whoever runs it: its message names the command that fixes this.
    await expect(error).toContainText(`npm run service -- allowlist set --data `);
    await expect(error).toContainText(`--org ${demoOrg(callscope).id} ${host}`);
    await expect(error.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
  });

  test('create on an allowlisted host shows the secret once, then delete asks first', async ({ page, callscope }) => {
    await callscope.serviceCli(['allowlist', 'set', '--org', demoOrg(callscope).id, host]);
    const url = `https://${host}/callscope-${Date.now()}`;
    await openScreen(page, callscope, '/webhooks');
    await page.getByLabel('Endpoint address').fill(url);
    await page.getByRole('checkbox', { name: 'video.analysis.completed' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog.getByText(/^whsec_/)).toBeVisible();
    await expect(secretDialog).toContainText('It will not be shown again.');
    await expect(secretDialog.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretDialog).toBeHidden();

    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    const row = endpoints.getByRole('listitem').filter({ hasText: url });
    await expect(row).toContainText('video.analysis.completed');
    await expect(page.getByText(/whsec_/)).toHaveCount(0);

    await row.getByRole('button', { name: `Delete ${url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(confirm).toContainText('stops receiving events now');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(url)).toHaveCount(0);
  });
});
