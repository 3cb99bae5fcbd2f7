import { invoke, keepEverything, splittingMonths } from './copy-scope-helpers';
import { openScreen, whileServiceStopped } from './screen-helpers';
import { expect, test } from './support/fixtures';

test.use({ outageRehearsal: true, backgroundSync: true });

test.afterEach(async ({ request, callscope }) => keepEverything(request, callscope));

test('offline, the calls list shows the calls the local copy keeps, and says the older ones are outside it', async ({
  page,
  request,
  callscope,
}) => {
  const { months, inside, words } = await splittingMonths(callscope);
  const { activeId } = await invoke(request, callscope, 'listWorkspaces', {});
  await invoke(request, callscope, 'setCopyScope', { workspaceId: activeId, scope: { kind: 'recent', months } });
  await expect
    .poll(async () => invoke(request, callscope, 'getSyncStatus', {}), { timeout: 30_000 })
    .toMatchObject({ state: 'up-to-date', calls: { known: inside.length, synced: inside.length } });

  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, '/calls');
    await expect(page.getByText(`Offline — showing what was synced`)).toBeVisible();
    await expect(page.locator('.freshness')).toContainText(`only ${words}`);
    const table = page.getByRole('table', { name: /Calls/ });
    for (const call of inside) await expect(table.getByRole('link', { name: call.title }).first()).toBeVisible();
    const more = page.getByRole('alert').filter({ hasText: 'More calls could not be loaded' });
    await expect(more).toContainText('This lies outside what the local copy keeps');
    await expect(more).toContainText(`Older calls are not in the local copy, which keeps the calls of ${words}`);
  });
});
