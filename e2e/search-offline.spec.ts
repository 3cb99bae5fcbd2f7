import { callInCopy } from './local-search-helpers';
import { whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true });

test('offline, `/` answers from the copy and says the calls it does not hold were not searched', async ({
  page,
  callscope,
}) => {
  const { video, word } = await callInCopy(page, callscope);

  await whileServiceStopped(callscope, async () => {
    await expect(page.locator('button.freshness')).toContainText('Offline');
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search transcripts' });
    await palette.getByRole('combobox', { name: 'Search every transcript' }).fill(word);
    await expect(palette.getByRole('listbox').getByRole('group', { name: video.title })).toBeVisible();
    await expect(
      palette.getByText(/calls (is|are) searched here; the others could not be searched \(Could not reach the service/),
    ).toBeVisible();
    await expect(palette.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  });
});
