import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';

const rendererDir = join(process.cwd(), 'out/renderer');
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves the production build as files, with nothing of the app's own host in between. */
function serveBuild(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(rendererDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(rendererDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.describe('the production build', () => {
  let server: Server;
  test.beforeAll(async () => {
    expect(existsSync(join(rendererDir, 'index.html')), 'run `npm run build` first').toBe(true);
    server = await serveBuild();
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
