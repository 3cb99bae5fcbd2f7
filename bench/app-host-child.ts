/**
 * The process `startAppHost` (bench/app-host.ts) starts: the real core on a throwaway settings
 * folder, set up as APP_HOST_SETUP asks, behind the browser-mode host. Prints its origin once it
 * serves; each `sign-in` line on stdin prints a new sign-in address, each `main-loop` line what
 * this thread's event loop did since the last; the end of stdin stops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startBrowserHost } from '../src/main/browser/browser-host';
import type { AppCore } from '../src/main/core/app/app-core';
import type { KeyVault } from '../src/main/core/platform/key-vault/key-vault';
import { createConfJsonFile } from '../src/main/core/platform/settings/conf-json-file';
import { openSettingsStore, type SettingsStore } from '../src/main/core/platform/settings/settings-store';
import { createTempCore } from '../src/main/core/testing/temp-core';
import type { AppHostMessage, AppHostSetup, MainLoopWindow } from './app-host';
import { watchLoop } from './loop-watch';

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

/**
 * Settings whose sync budget is the bench's: the file holds at most the app's highest (50 a
 * second), and an unthrottled sync needs more.
 */
function settingsWithSyncBudget(dir: string, requestsPerSecond: number): SettingsStore {
  const store = openSettingsStore(dir, createConfJsonFile);
  return {
    problem: store.problem,
    read: () => ({ ...store.read(), syncRequestsPerSecond: requestsPerSecond }),
    update: store.update,
    addRecentSearch: store.addRecentSearch,
  };
}

/** Watched once asked: this thread's event loop and the core's bridge calls. */
let loop: ReturnType<typeof watchLoop> | null = null;
let invokeMs: Record<string, number[]> = {};

/** The core, its calls timed while this thread is watched. */
function timed(core: AppCore): AppCore {
  return {
    ...core,
    async invoke(op, params, callId) {
      if (!loop) return core.invoke(op, params, callId);
      const started = performance.now();
      try {
        return await core.invoke(op, params, callId);
      } finally {
        const times = invokeMs[op] ?? [];
        times.push(performance.now() - started);
        invokeMs[op] = times;
      }
    },
  };
}

function mainLoopWindow(): MainLoopWindow {
  loop ??= watchLoop();
  const window = { ...loop.next(), invokeMs };
  invokeMs = {};
  return window;
}

const say = (message: AppHostMessage) => process.stdout.write(`${JSON.stringify(message)}\n`);

const setup = JSON.parse(process.env.APP_HOST_SETUP ?? '') as AppHostSetup;
/** The budget's settings need a folder of their own: the temporary core's is made inside it. */
const settingsDir =
  setup.syncRequestsPerSecond === undefined ? null : mkdtempSync(join(tmpdir(), 'callscope-app-host-'));
const { core, dispose } = createTempCore({
  demo: setup.demo,
  ...(setup.keychain && { vault: keychainInMemory(setup.keychain) }),
  ...(setup.replicaDir && {
    replica: { dir: setup.replicaDir, sync: setup.syncRequestsPerSecond === undefined ? null : {} },
  }),
  ...(settingsDir && { settings: settingsWithSyncBudget(settingsDir, setup.syncRequestsPerSecond!) }),
  ...(setup.engine && { engine: setup.engine }),
});
const disposeAll = () => {
  if (settingsDir) rmSync(settingsDir, { recursive: true, force: true });
  return dispose();
};
try {
  const opened = await core.invoke('openDemoWorkspace', {});
  if (!opened.ok) throw new Error(`the demo workspace did not open: ${opened.error.message}`);
  if (setup.pauseSync) await core.invoke('pauseSync', {});
  const host = await startBrowserHost({ core: timed(core), rendererDir: setup.rendererDir });
  say({ origin: host.origin });
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      if (line === 'sign-in') say({ signInUrl: host.newSignInUrl() });
      else if (line === 'main-loop') say({ mainLoop: mainLoopWindow() });
    })
    .once('close', async () => {
      await host.close();
      void disposeAll();
      // Closed, the core still leaves sockets open (seen with the service stopped) that kept this
      // process up for over 10 s: it ends here, its work done.
      process.exit(0);
    });
} catch (error) {
  void disposeAll();
  console.error(error);
  process.exitCode = 1;
}
