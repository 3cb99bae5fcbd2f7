import type { ServedTranscriptSegment } from '../src/shared/api/served';
import { openScreen, readyCalls, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ faultProxy: true });

test('a transcript that changed in the copy re-reads that transcript alone, and the call page shows the new line', async ({
  page,
  request,
  callscope,
}) => {
  const [call] = await readyCalls(callscope);
  const lines = (await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${call!.id}/transcript`))
    .data;
  await openScreen(page, callscope, `/calls/${call!.id}`);
  await expect(page.getByText(lines[0]!.text).first()).toBeVisible();
  // Answers older than the copy's revalidation age (5 s) are asked of the service again when read.
  await page.waitForTimeout(5500);

  const edit = callscope.faults.inject({
    when: (exchange) => exchange.url.pathname === `/v1/videos/${call!.id}/transcript`,
    fault: {
      kind: 'edit',
      edit: (body) => {
        (body.data as { text: string }[])[0]!.text = 'A line the service changed';
      },
    },
  });
  const pageReads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/bridge/invoke')) pageReads.push((JSON.parse(sent.postData()!) as { op: string }).op);
  });
  // Something reads the transcript (here the test, beside the page): the copy answers at once and
  // asks the service behind it, whose answer now differs.
  const read = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op: 'getTranscript', params: { id: call!.id } },
  });
  expect(await read.json()).toMatchObject({ ok: true });

  await expect(page.getByText('A line the service changed')).toBeVisible();
  expect(edit.injected()).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  // The page read the transcript again, and nothing else of the call: not its summary, checklist,
  // events, analyses or record.
  expect(pageReads).toEqual(['getTranscript']);
});
