import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, expect, test } from '@playwright/test';
import { findElectronBinary } from '../scripts/electron-binary.mjs';
import { startTestService, type TestService } from '../src/service/testing/test-service';

const binary = findElectronBinary();

test.describe('the Electron shell', () => {
  test.skip('reason' in binary, `Skipped: ${'reason' in binary ? binary.reason : ''}`);

  let service: TestService;
  let electronApp: ElectronApplication;
  let configHome: string;

  test.beforeAll(async () => {
    expect(existsSync('out/main/index.js'), 'run `npm run build` first').toBe(true);
    service = await startTestService({ profile: 'test' });
    configHome = mkdtempSync(join(tmpdir(), 'callscope-electron-'));
    electronApp = await _electron.launch({
      executablePath: (binary as { path: string }).path,
      args: ['.'],
      env: {
        ...process.env,
        XDG_CONFIG_HOME: configHome,
        CALLSCOPE_DEMO_URL: service.baseUrl,
        CALLSCOPE_DEMO_DATA: service.dataDir,
      },
    });
  });

  test.afterAll(async () => {
    await electronApp?.close();
    await service?.stop();
    rmSync(configHome, { recursive: true, force: true });
  });

  test('opens one window whose page sees only the bridge, connected to the demo workspace', async () => {
    const page = await electronApp.firstWindow();
    await expect(page).toHaveTitle(/Callscope/);
    const surface = await page.evaluate(() => {
      const scope = globalThis as unknown as {
        callscope: Record<string, unknown>;
        require?: unknown;
        process?: unknown;
      };
      return {
        keys: Object.keys(scope.callscope).sort(),
        require: typeof scope.require,
        process: typeof scope.process,
      };
    });
    expect(surface).toEqual({ keys: ['cancel', 'invoke', 'on'], require: 'undefined', process: 'undefined' });
    const info = await page.evaluate(() =>
      (globalThis as unknown as { callscope: { invoke(op: string, p: object): Promise<unknown> } }).callscope.invoke(
        'listWorkspaces',
        {},
      ),
    );
    expect(info).toMatchObject({ ok: true, value: { activeId: 'demo' } });
  });

  test('keeps the window on its own page: new windows and navigation are refused', async () => {
    const page = await electronApp.firstWindow();
    const before = page.url();
    await page.evaluate(() => {
      const scope = globalThis as unknown as { open(url: string): unknown; location: { href: string } };
      scope.open('https://example.com');
      scope.location.href = 'https://example.com';
    });
    await page.waitForTimeout(500);
    expect(electronApp.windows()).toHaveLength(1);
    expect(page.url()).toBe(before);
  });
});
