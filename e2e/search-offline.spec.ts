import { openScreen, readyCalls, serviceGet, whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true });

test('offline, `/` answers from the copy and says the calls it does not hold were not searched', async ({
  page,
  callscope,
}) => {
  // A call seen once is in the copy, its transcript with it.
  const [video] = await readyCalls(callscope);
  const transcript = (await serviceGet<{ data: { text: string }[] }>(callscope, `/v1/videos/${video!.id}/transcript`))
    .data;
  const word = transcript.flatMap((line) => line.text.match(/\p{L}{6,}/gu) ?? [])[0]!;
  // The calls list first: the copy then knows the workspace has calls whose transcripts it does not hold.
  await openScreen(page, callscope, '/calls');
  await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
  await openScreen(page, callscope, `/calls/${video!.id}`);
  await expect(page.locator('[data-segment-id]').first()).toBeVisible();

  await whileServiceStopped(callscope, async () => {
    await expect(page.locator('button.freshness')).toContainText('Offline');
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search transcripts' });
    await palette.getByRole('combobox', { name: 'Search every transcript' }).fill(word);
    await expect(palette.getByRole('listbox').getByRole('group', { name: video!.title })).toBeVisible();
    await expect(
      palette.getByText(/calls are searched here; the others could not be searched \(Could not reach the service/),
    ).toBeVisible();
    await expect(palette.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  });
});
