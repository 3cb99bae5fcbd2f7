import { app, type BrowserWindow } from 'electron';
import { bridgeChannels } from '../shared/bridge-channels';
import { parseCallscopeLink } from '../shared/moment-link';
import { installAppMenu } from './app-menu';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { startAppCore } from './core/app/start-app-core';
import { createElectronFileSaver } from './electron-file-saver';
import { createElectronNotifier } from './electron-notifier';
import { createElectronStoreJsonFile } from './electron-settings';
import { hardenApp } from './harden';
import { connectBridge } from './ipc-bridge';
import { launchOptions } from './launch-options';
import { createMainWindow, rendererDir } from './main-window';
import { linkInArguments, pageUrlOpening } from './moment-link-launch';
import { registerMomentLinks } from './moment-links';

let mainWindow: BrowserWindow | null = null;
/** A link that arrived before the window existed (it started the app): the window opens at it. */
let launchLink: string | null = linkInArguments(process.argv);

/** Every link is read strictly before it moves the window (shared/moment-link.ts). */
function openLink(link: string): void {
  const target = parseCallscopeLink(link);
  if (!target) {
    console.error(
      'Callscope ignored a link that is not a callscope://call/<id>?t=<seconds> or callscope://deal/<id> link.',
    );
    return;
  }
  if (!mainWindow) {
    launchLink = link;
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
  mainWindow.webContents.send(bridgeChannels.event, 'navigate', target);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  hardenApp();
  registerAppScheme();
  registerMomentLinks(openLink);
  // A second start (a link clicked while the app runs) hands its arguments here and quits.
  app.on('second-instance', (_event, argv) => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    const link = linkInArguments(argv);
    if (link) openLink(link);
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
  const { core, settings } = await startAppCore({
    mode: 'electron',
    settingsDir: app.getPath('userData'),
    settingsFile: createElectronStoreJsonFile,
    // `npm start` passes the demo service it started; a packaged build never opens one.
    demo: launch.demo,
    notifier: createElectronNotifier(() => mainWindow),
    fileSaver: createElectronFileSaver(() => mainWindow),
  });
  connectBridge(core, () => mainWindow, launch.pageUrl);
  installAppMenu((target) => mainWindow?.webContents.send(bridgeChannels.event, 'navigate', target));
  mainWindow = createMainWindow(settings, pageUrlOpening(launch.pageUrl, launchLink));
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  app.on('before-quit', () => core.close());
}
