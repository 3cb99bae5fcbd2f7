/**
 * Whether a frame URL is the app's own page: the same scheme and host (`app://callscope`, or the
 * electron-vite dev server), or for a `file://` app the same file. A page the window was somehow
 * navigated to, or a `file://` page elsewhere on disk, is not.
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
  // Scheme and host (with port), not `origin`: a custom scheme's origin is the string "null",
  // which every other custom-scheme URL shares.
  return frame.protocol === app.protocol && frame.host === app.host;
}
