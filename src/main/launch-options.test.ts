import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL, launchOptions } from './launch-options';

const devEnv = {
  ELECTRON_RENDERER_URL: 'http://localhost:5173',
  CALLSCOPE_DEMO_URL: 'http://127.0.0.1:8787',
  CALLSCOPE_DEMO_DATA: '/home/me/.local/share/callscope/demo',
};

describe('launchOptions', () => {
  it('loads only app://callscope in a packaged build, whatever the environment says', () => {
    expect(launchOptions({ isPackaged: true, env: devEnv })).toEqual({
      pageUrl: APP_PAGE_URL,
      demo: null,
      ignored: ['ELECTRON_RENDERER_URL', 'CALLSCOPE_DEMO_URL', 'CALLSCOPE_DEMO_DATA'],
    });
  });

  it("honours the dev server and the launcher's demo service in an unpackaged build", () => {
    expect(launchOptions({ isPackaged: false, env: devEnv })).toEqual({
      pageUrl: 'http://localhost:5173/',
      demo: { url: 'http://127.0.0.1:8787', dataDir: '/home/me/.local/share/callscope/demo' },
      ignored: [],
    });
  });

  it.each([
    'https://localhost:5173',
    'http://localhost',
    'http://127.0.0.1:5173',
    'http://localhost.evil.example:5173',
    'http://evil.example:5173',
    'http://user@localhost:5173',
    'http://localhost:5173/elsewhere.html',
    'http://localhost:5173/?page=x',
    'file:///tmp/index.html',
    'not a url',
  ])('loads the bundled page instead of the renderer URL %s, even unpackaged', (url) => {
    const options = launchOptions({ isPackaged: false, env: { ELECTRON_RENDERER_URL: url } });
    expect(options.pageUrl).toBe(APP_PAGE_URL);
    expect(options.ignored).toEqual(['ELECTRON_RENDERER_URL']);
  });

  it('opens no demo when only half of it is given', () => {
    const options = launchOptions({ isPackaged: false, env: { CALLSCOPE_DEMO_URL: 'http://127.0.0.1:8787' } });
    expect(options).toEqual({ pageUrl: APP_PAGE_URL, demo: null, ignored: ['CALLSCOPE_DEMO_URL'] });
  });
});
