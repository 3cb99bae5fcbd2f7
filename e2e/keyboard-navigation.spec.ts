import { openScreen } from './screen-helpers';
import { expect, test } from './support/fixtures';

test('g and a letter go to each screen, j and k move through its rows and cards, and ? lists them', async ({
  page,
  callscope,
}) => {
  await openScreen(page, callscope, '/deals');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Pipeline');
  for (const [key, screen, path] of [
    ['c', 'Calls', '/calls'],
    ['t', 'Team', '/team'],
    ['w', 'What changed', '/changes'],
    ['h', 'Webhooks', '/webhooks'],
    ['s', 'Workspace and key', '/settings'],
    ['p', 'Pipeline', '/deals'],
  ] as const) {
    await page.keyboard.press('g');
    await page.keyboard.press(key);
    await expect(heading).toHaveText(screen);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
  }

  const cards = page.locator('.deal-card');
  await expect(cards.nth(1)).toBeVisible();
  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(cards.nth(0)).toBeFocused();

  await page.keyboard.press('g');
  await page.keyboard.press('c');
  const callLinks = page.getByRole('table', { name: /Calls/ }).getByRole('link');
  await expect(callLinks.nth(1)).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(callLinks.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/calls\/[^/]+$/);

  await page.keyboard.press('g');
  await page.keyboard.press('t');
  const members = page.getByRole('list', { name: 'Members' }).getByRole('link');
  await expect(members.first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(members.first()).toBeFocused();
  // Enter opens the member's page; Back returns to the team.
  const name = await members.first().innerText();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.goBack();
  await expect(members.first()).toBeVisible();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const text of ['G then P', 'G then W', 'G then C', 'G then T', 'G then K', 'G then H', 'G then S', 'J / K']) {
    await expect(help.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(help).toContainText('Go to What changed');
  await expect(help).toContainText('Go to Webhooks');
  await expect(help).toContainText('Next / previous row or card');
});

test('g and a letter do nothing while typing in a field', async ({ page, callscope }) => {
  await openScreen(page, callscope, '/webhooks');
  await page.getByLabel('Endpoint address').fill('');
  await page.getByLabel('Endpoint address').press('g');
  await page.getByLabel('Endpoint address').press('c');
  await expect(page.getByLabel('Endpoint address')).toHaveValue('gc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
});
