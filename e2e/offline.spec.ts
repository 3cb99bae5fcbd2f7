import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test('going offline is said by the status, and no longer once the connection returns', async ({
  page,
  context,
  callscope,
}) => {
  await openScreen(page, callscope, '/team');
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
  // The one status in the top bar says it (it replaced the separate offline banner).
  const status = page.getByRole('banner').getByRole('status');
  await context.setOffline(true);
  await expect(status).toContainText('You are offline.');
  await context.setOffline(false);
  await expect(status).not.toContainText('You are offline.');
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
});
