import type { ServedVideo } from '../src/shared/api/served';
import { openScreen, openWorkspaceSettings, serviceGet } from './screen-helpers';
import { expect, test } from './support/fixtures';

// The local copy's disk can fill: SQLite's page limit makes its writes fail as a full disk does.
test.use({ diskRehearsal: true });

test.afterEach(({ callscope }) => callscope.freeDisk());

test('with the disk full, the top bar and Settings say the local copy is paused while calls still open; with room again the notice goes', async ({
  page,
  callscope,
}) => {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  await openScreen(page, callscope, '/calls');
  await expect(page.getByRole('table', { name: /Calls/ })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Disk full — local copy paused' });
  await expect(notice).toHaveCount(0);

  callscope.fillDisk();
  // Each call opened is stored as it is read, until a write finds no room.
  for (const call of calls) {
    await openScreen(page, callscope, `/calls/${call.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
    if ((await notice.count()) > 0) break;
  }
  await expect(notice).toBeVisible();
  // The whole sentence is the top bar status's own title (it is a button opening the settings).
  await expect(page.locator('button.freshness')).toHaveAttribute('title', /Local copy paused: the disk is full\./);

  await openWorkspaceSettings(page);
  const localCopy = page.getByRole('region', { name: 'Local copy' });
  await expect(localCopy.getByText(/^Local copy paused: the disk is full\./)).toBeVisible();

  callscope.freeDisk();
  await expect(notice).toBeHidden();
  await expect(localCopy.getByText(/^Local copy paused/)).toBeHidden();
});
