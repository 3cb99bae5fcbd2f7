import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

/** `npm run start:web` as a person runs it, on its own demo data and settings directories. */
function startLauncher(home: string): { launcher: ChildProcess; output: () => string } {
  const launcher = spawn(process.execPath, ['scripts/start.mjs', '--web'], {
    cwd: process.cwd(),
    env: { ...process.env, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  launcher.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  launcher.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  return { launcher, output: () => output };
}

/** The launcher's own `serve` child: the demo service a person's machine would be running. */
function demoServicePid(launcherPid: number): number {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcherPid)], { encoding: 'utf8' });
  const line = children.split('\n').find((entry) => / serve --data /.test(entry));
  if (!line) throw new Error(`no serve child of the launcher: ${children}`);
  return Number(line.trim().split(/\s+/)[0]);
}

test('npm run start:web keeps running when the demo service stops: it restarts it, says so once, and the screens recover', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const home = mkdtempSync(join(tmpdir(), 'callscope-launcher-'));
  const { launcher, output } = startLauncher(home);
  try {
    await expect.poll(output, { timeout: 180_000 }).toMatch(/is at (http:\/\/\S+)/);
    const appUrl = /is at (http:\/\/\S+)/.exec(output())![1]!;
    await page.goto(appUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page.locator('.deal-card').first()).toBeVisible();

    process.kill(demoServicePid(launcher.pid!), 'SIGKILL');
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect.poll(output, { timeout: 60_000 }).toContain('The demo service is back.');
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').first()).toBeVisible({
      timeout: 30_000,
    });
    expect(output().match(/The demo service stopped/g)).toHaveLength(1);
    expect(launcher.exitCode).toBeNull();

    // The demo's seed allowlists the host its own receiver answers on: an endpoint is added with no
    // operator step, and an analysis's event arrives there.
    const receiverUrl = /the demo receiver answers at (https:\/\/\S+)/.exec(output())![1]!;
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await page.getByLabel('Endpoint address').fill(receiverUrl);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    await expect(secret).toBeVisible();
    await secret.getByRole('button', { name: 'I have stored it' }).click();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await page.getByRole('table', { name: /Calls/ }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Analyze' }).first().click();
    await expect
      .poll(output, { timeout: 60_000 })
      .toMatch(/The demo webhook receiver got video\.analysis\.(completed|failed)\./);
  } finally {
    launcher.kill('SIGINT');
    await new Promise((resolve) => (launcher.exitCode !== null ? resolve(null) : launcher.once('exit', resolve)));
    rmSync(home, { recursive: true, force: true });
  }
});
