import { app, session, shell } from 'electron';

/** Only real web pages leave the app, and only to the OS browser (Electron security checklist 14). */
function openExternally(url: string): void {
  try {
    if (new URL(url).protocol === 'https:') void shell.openExternal(url);
  } catch {
    // Not a URL: nothing to open.
  }
}

/**
 * App-wide guards, installed before any window exists: every permission request is denied,
 * webviews are refused, in-app navigation and new windows are blocked (external https links
 * open in the OS browser instead).
 */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      openExternally(url);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: 'deny' };
    });
  });

  app.whenReady().then(() => {
    const ses = session.defaultSession;
    ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    ses.setDevicePermissionHandler(() => false);
    ses.on('will-download', (event) => event.preventDefault());
  });
}
