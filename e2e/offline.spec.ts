import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test('going offline shows a notice that goes away when the connection returns', async ({
  page,
  context,
  callscope,
}) => {
  await openScreen(page, callscope, '/team');
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
});
