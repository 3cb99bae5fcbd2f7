import { join } from 'node:path';
import type { FileSaver } from '../platform/file-saver';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import type { Notifier } from '../platform/notifier';
import { type JsonFileFactory, openSettingsStore, type SettingsStore } from '../platform/settings/settings-store';
import { type AppCore, createAppCore } from './app-core';
import { readDemoConnection } from './demo-connection';

export interface StartAppCoreOptions {
  mode: 'electron' | 'browser';
  /** Where the settings file lives, and the file format's factory (electron-store in the shell, Conf elsewhere). */
  settingsDir: string;
  settingsFile: JsonFileFactory;
  /** The local demo service `npm start` started (its URL and seeded data directory), or null. */
  demo: { url: string; dataDir: string } | null;
  notifier?: Notifier;
  fileSaver?: FileSaver;
}

/**
 * The app's start-up, the same in the Electron shell and in browser mode: settings, the key
 * vault, the demo connection, the core, and the demo workspace opened when there is one. Each
 * problem on the way is one line on stderr; none stops the app.
 */
export async function startAppCore(options: StartAppCoreOptions): Promise<{ core: AppCore; settings: SettingsStore }> {
  const settings = openSettingsStore(options.settingsDir, options.settingsFile);
  if (settings.problem) console.error(settings.problem);
  const vault = await openKeyVault();
  if (vault.problem) console.error(vault.problem);
  const demo = options.demo && readDemoConnection(options.demo.dataDir, options.demo.url);
  const core = createAppCore({
    mode: options.mode,
    vault,
    settings,
    demo,
    notifier: options.notifier,
    fileSaver: options.fileSaver,
    // Beside the settings: the desktop's userData folder, or browser mode's config folder.
    replica: { dir: join(options.settingsDir, 'replicas'), sync: {} },
  });
  if (demo) {
    const opened = await core.invoke('openDemoWorkspace', {});
    if (!opened.ok) console.error(`The demo workspace did not open: ${opened.error.message}`);
  }
  return { core, settings };
}
