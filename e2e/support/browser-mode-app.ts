import { join } from 'node:path';
import { startBrowserHost } from '../../src/main/browser/browser-host';
import { startAppCore } from '../../src/main/core/app/start-app-core';
import { createConfJsonFile } from '../../src/main/core/platform/settings/conf-json-file';

/**
 * Whether this run has an OS keychain: scripts/with-keyring.sh gives it a real Secret Service
 * (`npm test` runs the end-to-end tests in it). Without one the app keeps its keys, and so its
 * local copy, in memory for the session (docs/security.md): nothing outlives a restart.
 */
export const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

export interface BrowserModeApp {
  /** A new address with its one-time sign-in code, as the app prints when it starts. */
  newSignInUrl(): string;
  /** Quits as Ctrl+C does: the host stops, the engine folds its copies' WAL back into the files. */
  quit(): Promise<void>;
}

/**
 * Browser mode as `npm run start:web` runs it (src/main/browser/serve.ts): the app's one start-up
 * on a settings folder, its keys in the OS keychain when one answers, the demo workspace opened on
 * the service `npm start` hands it, then the host. Started again on the same folder, it is the
 * same app after a restart.
 */
export async function startBrowserModeApp(
  settingsDir: string,
  demo: { url: string; dataDir: string },
): Promise<BrowserModeApp> {
  const { core } = await startAppCore({ mode: 'browser', settingsDir, settingsFile: createConfJsonFile, demo });
  const host = await startBrowserHost({ core, rendererDir: join(process.cwd(), 'out/renderer') });
  return {
    newSignInUrl: () => host.newSignInUrl(),
    async quit() {
      await host.close();
      await core.close();
    },
  };
}
