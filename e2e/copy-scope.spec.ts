import { keepEverything, splittingMonths } from './copy-scope-helpers';
import { searchBox } from './local-search-helpers';
import { expectAccessible, openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

// The app's own background sync, counted at a proxy that changes nothing.
test.use({ backgroundSync: true, serviceVariant: 'as-is' });

test.afterEach(async ({ request, callscope }) => keepEverything(request, callscope));

test('Settings choose, from the keyboard, to keep only the calls of recent months: the status counts and names them, search says what it covers', async ({
  page,
  callscope,
}) => {
  const { calls, months, inside, words: monthsWords } = await splittingMonths(callscope);
  const kept = inside.length;

  await openScreen(page, callscope, '/settings');
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  const fact = (name: string) => localCopy.locator(`dt:text-is("${name}") + dd`);
  await expect(fact('Calls')).toHaveText(`${calls.length} of ${calls.length} stored`, { timeout: 30_000 });
  await expect(fact('Keeps')).toHaveText('Every call and deal');

  const form = localCopy.getByRole('form', { name: 'What it keeps' });
  const everything = form.getByRole('radio', { name: 'Everything: every call and deal' });
  await expect(everything).toBeChecked();
  await everything.focus();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: /^Recent calls/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Months')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(months));
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Save what it keeps' })).toBeFocused();
  await page.keyboard.press('Enter');

  const confirm = page.getByRole('dialog', { name: 'Keep only part of this workspace?' });
  await expect(confirm).toContainText(`The local copy will keep the calls of ${monthsWords}, with their deals.`);
  await expect(confirm).toContainText('deleted from this computer now');
  await confirm.getByRole('button', { name: 'Keep only these' }).press('Enter');
  await expect(confirm).toBeHidden();

  await expect(fact('Calls')).toHaveText(`${kept} of ${kept} stored`, { timeout: 30_000 });
  await expect(fact('Keeps')).toHaveText(new RegExp(`^The calls of ${monthsWords}, with their deals · since `));
  await expect(fact('Sync')).toHaveText('Up to date', { timeout: 30_000 });
  await expectAccessible(page);

  await openScreen(page, callscope, '/search');
  await searchBox(page).fill('price');
  await expect(page.locator('.coverage-note')).toContainText(
    `Calls of ${monthsWords}: ${kept} of ${kept} searched here; older calls asked of the service`,
  );

  // Everything again: no question asked, as nothing is deleted; the sync fetches the rest.
  await openScreen(page, callscope, '/settings');
  await form.getByRole('radio', { name: 'Everything: every call and deal' }).check();
  await form.getByRole('button', { name: 'Save what it keeps' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(fact('Calls')).toHaveText(`${calls.length} of ${calls.length} stored`, { timeout: 30_000 });
  await expect(fact('Keeps')).toHaveText('Every call and deal');
});
