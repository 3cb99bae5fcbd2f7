import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startAppCore } from '../core/app/start-app-core';
import { userDataDir } from '../core/platform/app-paths';
import { createConfJsonFile } from '../core/platform/settings/conf-json-file';
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
  const demoUrl = values['demo-url'];
  const demoData = values['demo-data'];
  const { core } = await startAppCore({
    mode: 'browser',
    settingsDir: values.settings ?? userDataDir(),
    settingsFile: createConfJsonFile,
    demo: demoUrl && demoData ? { url: demoUrl, dataDir: demoData } : null,
  });
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
