import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.describe('error states', () => {
  test('a deal that does not exist shows the code, message, copyable request id and a retry', async ({
    page,
    callscope,
  }) => {
    await openScreen(page, callscope, '/deals/deal_does_not_exist');
    const error = page.getByRole('alert');
    await expect(error).toContainText('This item does not exist, or it belongs to another organisation.');
    await expect(error).toContainText('not_found');
    await expect(error.getByText(/^req_[0-9a-f]{32}$/)).toBeVisible();
    await expect(error.getByRole('button', { name: 'Copy request id' })).toBeVisible();
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('an address that leads nowhere says so and links back', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/nowhere/at/all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the pipeline' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  });

  test('while the service is unavailable the app says it is retrying, then Retry loads the screen', async ({
    page,
    callscope,
  }) => {
    await callscope.serviceCli(['fault', 'set', 'key-verifier-down', 'on']);
    try {
      await openScreen(page, callscope, '/webhooks');
      await expect(page.getByText(/briefly unavailable — slowing down and retrying/)).toBeVisible();
      const error = page.getByRole('alert');
      await expect(error).toContainText('service_unavailable', { timeout: 45_000 });
      await expect(error).toContainText('The service is temporarily unavailable.');
    } finally {
      await callscope.serviceCli(['fault', 'set', 'key-verifier-down', 'off']);
    }
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
