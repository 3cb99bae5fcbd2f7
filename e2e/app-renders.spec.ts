import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serveBuild } from './support/serve-build';

const rendererDir = join(process.cwd(), 'out/renderer');

test.describe('the production build', () => {
  let server: Server;
  test.beforeAll(async () => {
    expect(existsSync(join(rendererDir, 'index.html')), 'run `npm run build` first').toBe(true);
    server = await serveBuild(rendererDir);
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('renders the app in Chromium without script errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Callscope');
    expect(errors).toEqual([]);
  });
});
