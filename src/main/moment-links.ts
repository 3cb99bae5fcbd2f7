import { resolve } from 'node:path';
import { app } from 'electron';
import { MOMENT_LINK_SCHEME } from '../shared/moment-link';

/**
 * Makes Callscope the OS's handler of `callscope://` links (installers declare it too, in
 * electron-builder.yml) and passes macOS's `open-url` links on. Must run before the app is ready:
 * macOS sends the link that started the app before `ready`.
 */
export function registerMomentLinks(onLink: (link: string) => void): void {
  // An unpackaged app runs as `electron <app path>`: the OS must start it with that path again.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(MOMENT_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(MOMENT_LINK_SCHEME);
  }
  app.on('open-url', (event, url) => {
    event.preventDefault();
    onLink(url);
  });
}
