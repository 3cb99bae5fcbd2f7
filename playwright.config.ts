import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright cannot download its own browsers on these machines: it drives Debian's Chromium,
 * which `scripts/setup-system.mjs` installs. CHROMIUM_PATH overrides the location elsewhere.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // CI machines are shared and noisy: one retry there keeps a load-induced timeout from failing the
  // run, and scripts/test-all.mjs names every test that needed it (with its first error).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
