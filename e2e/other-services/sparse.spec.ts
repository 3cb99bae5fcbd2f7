import type { ServedVideo } from '../../src/shared/api/served';
import { openScreen, serviceGet } from '../screen-helpers';
import { expect, test } from '../support/fixtures';
import { everyScreenAgainst, panel } from './every-screen';

test.use({ serviceVariant: 'sparse' });
everyScreenAgainst('sparse');

test('a call not analysed yet reads as such when the service sends an empty summary and a pending evaluation', async ({
  page,
  callscope,
}) => {
  const ready = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
  let video: ServedVideo | undefined;
  for (const candidate of ready) {
    const summary = await serviceGet<{ error?: { code: string } }>(callscope, `/v1/videos/${candidate.id}/summary`);
    if (summary.error?.code === 'not_found') video = candidate;
  }
  await openScreen(page, callscope, `/calls/${video!.id}`);
  await expect(panel(page).getByText('The summary is empty')).toBeVisible();
  await page.getByRole('tab', { name: 'Checklist' }).click();
  await expect(panel(page).getByText('No checklist items yet')).toBeVisible();
  await expect(panel(page)).toContainText('The evaluation is pending.');
});
