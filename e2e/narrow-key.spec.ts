import type { ServedDeal } from '../src/shared/api/served';
import { addWorkspace, demoOrg, openScreen, reopenDemo, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.afterEach(async ({ request, callscope }) => {
  await reopenDemo(request, callscope);
});

test('a key with only videos:read and deals:read is accepted, says once what it cannot read, and turns off what the service refused', async ({
  page,
  callscope,
}) => {
  const narrow = demoOrg(callscope).keys.find(
    (key) => !key.scopes.includes('members:read') && key.scopes.includes('deals:read'),
  )!;
  await addWorkspace(page, callscope, 'Reads only', narrow.key);

  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page.locator('.deal-card').first()).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page.getByText('This workspace’s key cannot read this')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('lacks the permission (scope)');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  const deal = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN')).data[0]!;
  await openScreen(page, callscope, `/deals/${deal.id}`);
  const rescore = page.getByRole('button', { name: 'Re-score' });
  await rescore.click();
  await expect(rescore).toBeDisabled();
  await expect(page.getByText(/^Re-score is off: the service refused it/)).toContainText('deals:score');
  await expect(rescore).toHaveAccessibleDescription(/Re-score is off/);
});
