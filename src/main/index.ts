import { app, type BrowserWindow } from 'electron';
import { bridgeChannels } from '../shared/bridge-channels';
import { installAppMenu } from './app-menu';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { createAppCore } from './core/app-core/app-core';
import { readDemoConnection } from './core/demo/demo-connection';
import { openKeyVault } from './core/key-vault/open-key-vault';
import { openSettingsStore } from './core/settings/settings-store';
import { createElectronNotifier } from './electron-notifier';
import { createElectronStoreJsonFile } from './electron-settings';
import { hardenApp } from './harden';
import { connectBridge } from './ipc-bridge';
import { launchOptions } from './launch-options';
import { createMainWindow, rendererDir } from './main-window';

let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  hardenApp();
  registerAppScheme();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start, (error: unknown) => {
    console.error('Callscope could not start', error);
    app.exit(1);
  });
}

async function start(): Promise<void> {
  const launch = launchOptions({ isPackaged: app.isPackaged, env: process.env });
  for (const name of launch.ignored) {
    console.error(
      `${name} is ignored: only a development build honours it (a renderer URL only as http://localhost:<port>).`,
    );
  }
  serveRenderer(rendererDir);
  const settings = openSettingsStore(app.getPath('userData'), createElectronStoreJsonFile);
  if (settings.problem) console.error(settings.problem);
  const vault = await openKeyVault();
  // `npm start` passes the demo service it started; a packaged build never opens one.
  const demo = launch.demo && readDemoConnection(launch.demo.dataDir, launch.demo.url);
  const core = createAppCore({
    mode: 'electron',
    vault,
    settings,
    demo,
    notifier: createElectronNotifier(() => mainWindow),
  });
  if (demo) {
    const opened = await core.invoke('openDemoWorkspace', {});
    if (!opened.ok) console.error(`The demo workspace did not open: ${opened.error.message}`);
  }
  connectBridge(core, () => mainWindow, launch.pageUrl);
  installAppMenu((target) => mainWindow?.webContents.send(bridgeChannels.event, 'navigate', target));
  mainWindow = createMainWindow(settings, launch.pageUrl);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  app.on('before-quit', () => core.close());
}
