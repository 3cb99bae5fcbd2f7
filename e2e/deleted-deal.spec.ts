import type { ServedDeal, ServedVideo } from '../src/shared/api/served';
import { openScreen, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test('a call whose deal was deleted says so, with no link to a missing deal', async ({ page, callscope }) => {
  const deleted = await serviceGet<{ data: ServedDeal[] }>(callscope, '/v1/deals?status=DELETED&limit=100');
  const deletedIds = new Set(deleted.data.map((deal) => deal.id));
  const calls = await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100');
  const call = calls.data.find((video) => video.deal_id && deletedIds.has(video.deal_id));
  if (!call) throw new Error('the seeded data has no call of a deleted deal');

  await openScreen(page, callscope, `/calls/${call.id}`);
  const facts = page.locator('dl.facts');
  await expect(facts.getByText('Deal deleted')).toBeVisible();
  await expect(facts.getByRole('link')).toHaveCount(0);
  await expect(facts.getByText('Untitled deal')).toHaveCount(0);
});
