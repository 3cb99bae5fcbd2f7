import { addWorkspace, demoOrg, issueKey, openScreen, openWorkspaceSettings, reopenDemo } from './screen-helpers';
import { expect, test } from './support/fixtures';
import { retryingStatus } from './support/status';

test.describe('workspaces and keys', () => {
  test.afterEach(async ({ request, callscope }) => {
    await reopenDemo(request, callscope);
  });

  test('the demo workspace shows its member by name and the switcher moves between workspaces', async ({
    page,
    callscope,
  }) => {
    const org = demoOrg(callscope);
    await openScreen(page, callscope, '/deals');
    const switcher = page.getByRole('combobox', { name: 'Workspace' });
    await expect(switcher.locator('option:checked')).toHaveText('Demo workspace');
    const demoMember = await page.locator('.member-name').textContent();
    expect(demoMember?.trim().length).toBeGreaterThan(0);

    await addWorkspace(page, callscope, 'Second workspace', await issueKey(callscope));
    await expect(page.locator('.member-name')).toHaveText(demoMember!);
    expect(org.members.length).toBeGreaterThan(0);

    await switcher.selectOption({ label: 'Demo workspace' });
    await expect(switcher.locator('option:checked')).toHaveText('Demo workspace');
  });

  test('a wrong key is refused when adding a workspace, with the error’s details', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/settings');
    const form = page.getByRole('form', { name: 'Add a workspace' });
    await form.getByLabel('Service address').fill(callscope.serviceUrl);
    await form.getByLabel('API key').fill('sci_not_a_real_key');
    await form.getByRole('button', { name: 'Add workspace' }).click();
    await expect(form.getByRole('alert')).toContainText('unauthorized');
    await expect(form.getByRole('alert').getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
  });

  test('revoking the key says what happens, then the workspace asks for a new key', async ({ page, callscope }) => {
    const apiKey = await issueKey(callscope);
    await addWorkspace(page, callscope, 'Revocable', apiKey);
    await openWorkspaceSettings(page);
    await page.getByRole('button', { name: 'Revoke key…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(confirm).toContainText('This cannot be undone');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('heading', { name: 'Revocable needs a key' })).toBeVisible();

    const after = await fetch(`${callscope.serviceUrl}/v1/members/me`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(after.status).toBe(401);
  });

  test('signing out keeps the key working elsewhere and asks for a key to come back', async ({ page, callscope }) => {
    const apiKey = await issueKey(callscope);
    await addWorkspace(page, callscope, 'Leaving', apiKey);
    await openWorkspaceSettings(page);
    await page.getByRole('button', { name: 'Sign out of Leaving' }).click();
    await page.getByRole('dialog', { name: 'Sign out of Leaving?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Leaving needs a key' })).toBeVisible();
    const after = await fetch(`${callscope.serviceUrl}/v1/members/me`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(after.status).toBe(200);
  });

  test('a key revoked elsewhere (401) prompts to re-enter it, and a new key picks up where it left off', async ({
    page,
    callscope,
  }) => {
    const apiKey = await issueKey(callscope);
    await addWorkspace(page, callscope, 'Elsewhere', apiKey);
    await fetch(`${callscope.serviceUrl}/v1/keys/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${apiKey}` },
    });

    // A screen not read yet (the pipeline's owner filter already holds the members, read before the
    // revocation). Set through the address, not a click: a board read still on its way (a card's
    // probability) may meet the 401 first, and its prompt would cover the link.
    await page.evaluate(() => {
      window.location.hash = '#/calls';
    });
    const prompt = page.getByRole('dialog', { name: 'Re-enter your key' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('New API key').fill(await issueKey(callscope));
    await prompt.getByRole('button', { name: 'Use this key' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('table', { name: /Calls/ })).toBeVisible();
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Members' }).getByText('you', { exact: true })).toBeVisible();
  });

  test('a rate-limited key shows that the app is slowing down, then the screen loads', async ({ page, callscope }) => {
    const limited = demoOrg(callscope).keys.find((key) => key.rate_limited)!;
    await addWorkspace(page, callscope, 'Limited', limited.key);
    // The calls list asks for each row's deal at once: more requests than the key may make per second.
    await page.getByRole('link', { name: 'Calls', exact: true }).click();
    await expect(retryingStatus(page)).toHaveAttribute('title', /slowing down and retrying/);
    await expect(page.getByRole('table', { name: /Calls/ })).toBeVisible();
    await expect(retryingStatus(page)).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the theme follows the system unless light or dark is chosen', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/settings');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-theme', /./);
    const theme = page.getByLabel('Theme');
    try {
      await theme.selectOption('dark');
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    } finally {
      await page.getByLabel('Theme').selectOption('system');
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    }
  });
});
