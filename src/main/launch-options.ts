/**
 * What the shell loads and connects to at launch, decided from plain values so it can be tested
 * without Electron (this file must not import electron).
 */

/** The bundled renderer, served by `app-protocol.ts`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'callscope';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export interface LaunchEnvironment {
  /** Electron's `app.isPackaged`. */
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

export interface LaunchOptions {
  /** The one page the window loads and the bridge trusts with the stored keys. */
  pageUrl: string;
  /** The local demo service `npm start` started, or null. */
  demo: { url: string; dataDir: string } | null;
  /** Variables set but not honoured, to say so in the log. */
  ignored: string[];
}

/** electron-vite's dev server: `http://localhost:<port>`, nothing else. */
function devServerPage(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return url.protocol === 'http:' && url.hostname === 'localhost' && url.port !== '' && bare ? `${url.origin}/` : null;
}

/**
 * A packaged build loads only its own page, `app://callscope`, and opens no demo: the variables
 * below are for development, and honouring them in an installed app would let whoever sets a
 * person's environment point the window, and with it the bridge and the keys it can use, at a
 * page of their choosing. An unpackaged build honours `CALLSCOPE_DEMO_URL`/`CALLSCOPE_DEMO_DATA`
 * (set by `npm start`) and an `ELECTRON_RENDERER_URL` of electron-vite's dev server.
 */
export function launchOptions({ isPackaged, env }: LaunchEnvironment): LaunchOptions {
  const ignored: string[] = [];
  const rendererUrl = env.ELECTRON_RENDERER_URL;
  const devPage = !isPackaged && rendererUrl ? devServerPage(rendererUrl) : null;
  if (rendererUrl && !devPage) ignored.push('ELECTRON_RENDERER_URL');

  const demoUrl = env.CALLSCOPE_DEMO_URL;
  const demoData = env.CALLSCOPE_DEMO_DATA;
  const demo = !isPackaged && demoUrl && demoData ? { url: demoUrl, dataDir: demoData } : null;
  if (!demo) ignored.push(...(['CALLSCOPE_DEMO_URL', 'CALLSCOPE_DEMO_DATA'] as const).filter((name) => env[name]));

  return { pageUrl: devPage ?? APP_PAGE_URL, demo, ignored };
}
