/**
 * The process `startAppHost` (bench/app-host.ts) starts: the real core on a throwaway settings
 * folder, set up as APP_HOST_SETUP asks, behind the browser-mode host. Prints its origin once it
 * serves; each `sign-in` line on stdin prints a new sign-in address; the end of stdin stops it.
 */
import { createInterface } from 'node:readline';
import { startBrowserHost } from '../src/main/browser/browser-host';
import type { KeyVault } from '../src/main/core/platform/key-vault/key-vault';
import { createTempCore } from '../src/main/core/testing/temp-core';
import type { AppHostMessage, AppHostSetup } from './app-host';

/** The keychain, held in memory: what the bench hands over is what the OS keychain would hold. */
function keychainInMemory(entries: Record<string, string>): KeyVault {
  const keys = new Map(Object.entries(entries));
  return {
    storage: 'keychain',
    problem: null,
    get: async (account) => keys.get(account) ?? null,
    set: async (account, key) => void keys.set(account, key),
    delete: async (account) => void keys.delete(account),
  };
}

const say = (message: AppHostMessage) => process.stdout.write(`${JSON.stringify(message)}\n`);

const setup = JSON.parse(process.env.APP_HOST_SETUP ?? '') as AppHostSetup;
const { core, dispose } = createTempCore({
  demo: setup.demo,
  ...(setup.keychain && { vault: keychainInMemory(setup.keychain) }),
  ...(setup.replicaDir && { replica: { dir: setup.replicaDir, sync: null } }),
});
try {
  const opened = await core.invoke('openDemoWorkspace', {});
  if (!opened.ok) throw new Error(`the demo workspace did not open: ${opened.error.message}`);
  if (setup.pauseSync) await core.invoke('pauseSync', {});
  const host = await startBrowserHost({ core, rendererDir: setup.rendererDir });
  say({ origin: host.origin });
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      if (line === 'sign-in') say({ signInUrl: host.newSignInUrl() });
    })
    .once('close', async () => {
      await host.close();
      dispose();
      // Closed, the core still leaves sockets open (seen with the service stopped) that kept this
      // process up for over 10 s: it ends here, its work done.
      process.exit(0);
    });
} catch (error) {
  dispose();
  console.error(error);
  process.exitCode = 1;
}
