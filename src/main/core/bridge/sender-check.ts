/**
 * Whether a frame URL is the app's own page: the same file (packaged and `npm start`) or the
 * same origin (the electron-vite dev server). A page the window was somehow navigated to, an
 * iframe, or a `file://` page elsewhere on disk is not.
 */
export function isAppUrl(frameUrl: string, appUrl: string): boolean {
  let frame: URL;
  let app: URL;
  try {
    frame = new URL(frameUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:')
    return frame.protocol === 'file:' && frame.host === app.host && frame.pathname === app.pathname;
  return frame.origin === app.origin;
}
