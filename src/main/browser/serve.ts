import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppCore } from '../core/app-core/app-core';
import { userDataDir } from '../core/app-paths';
import { readDemoConnection } from '../core/demo/demo-connection';
import { openKeyVault } from '../core/key-vault/open-key-vault';
import { createConfJsonFile } from '../core/settings/conf-json-file';
import { openSettingsStore } from '../core/settings/settings-store';
import { startBrowserHost } from './browser-host';

/**
 * Browser mode as a process: `tsx src/main/browser/serve.ts --renderer out/renderer
 * [--demo-url URL --demo-data DIR] [--settings DIR] [--port N]`. Prints one line with the URL
 * to open (good for one page), after the demo workspace is already connected. SIGINT/SIGTERM close it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      renderer: { type: 'string', default: 'out/renderer' },
      'demo-url': { type: 'string' },
      'demo-data': { type: 'string' },
      settings: { type: 'string' },
      port: { type: 'string', default: '0' },
    },
  });
  const settings = openSettingsStore(values.settings ?? userDataDir(), createConfJsonFile);
  if (settings.problem) console.error(settings.problem);
  const vault = await openKeyVault();
  if (vault.problem) console.error(vault.problem);
  const demoUrl = values['demo-url'];
  const demoData = values['demo-data'];
  const demo = demoUrl && demoData ? readDemoConnection(demoData, demoUrl) : null;

  const core = createAppCore({ mode: 'browser', vault, settings, demo });
  if (demo) {
    const opened = await core.invoke('openDemoWorkspace', {});
    if (!opened.ok) console.error(`The demo workspace did not open: ${opened.error.message}`);
  }
  const host = await startBrowserHost({ core, rendererDir: resolve(values.renderer), port: Number(values.port) });
  console.log(`Callscope (browser mode) is at ${host.newSignInUrl()}`);

  const stop = () => {
    core.close();
    void host.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
