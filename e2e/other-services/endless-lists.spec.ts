import type { ServedDeal } from '../../src/shared/api/served';
import { openScreen, serviceGet } from '../screen-helpers';
import { expect, test } from '../support/fixtures';

test.use({ serviceVariant: 'endless-lists' });

const listReads = (requests: readonly { method: string; path: string }[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path.split('?')[0] === path).length;

test.describe('against a service whose lists never end', () => {
  test('the Pipeline stops counting each status, says its totals are "at least", and asks nothing more', async ({
    page,
    callscope,
  }) => {
    const open = (await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=OPEN&limit=100')).data;
    await openScreen(page, callscope, '/deals');
    const column = page.getByRole('region', { name: /^Open/ });
    await expect(
      column.getByText(
        new RegExp(`^At least ${open.length} deals? · .* \\(partial: the service’s list does not end\\)$`),
      ),
    ).toBeVisible();
    const settled = listReads(callscope.requestsMade(), '/v1/deals');
    // Five statuses, each read a few pages before its pages are seen to go round.
    expect(settled).toBeLessThan(60);
    await page.waitForTimeout(3000);
    expect(listReads(callscope.requestsMade(), '/v1/deals')).toBe(settled);
  });

  test('calls sorted by a column say the list did not end, and stop reading it', async ({ page, callscope }) => {
    await openScreen(page, callscope, '/calls?sort=duration-desc');
    await expect(page.getByRole('status').filter({ hasText: 'the service’s list does not end' })).toBeVisible();
    const settled = listReads(callscope.requestsMade(), '/v1/videos');
    await page.waitForTimeout(3000);
    expect(listReads(callscope.requestsMade(), '/v1/videos')).toBe(settled);
  });
});
