import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './launch-options';

/**
 * The renderer is served from `app://callscope/`, not `file://` (Electron security checklist 18):
 * the page gets a real origin for its CSP and the sender check, cannot read other local files,
 * and the GrantFileProtocolExtraPrivileges fuse can be turned off.
 */

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves files of the built renderer only; anything outside it, or another host, is 404. */
export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir);
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (url.host !== APP_HOST || !file.startsWith(root + sep)) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).href);
  });
}
