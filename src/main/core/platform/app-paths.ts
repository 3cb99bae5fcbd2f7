import { homedir } from 'node:os';
import { join } from 'node:path';

/** Outside Electron (browser mode, the launcher): the XDG locations, as Electron uses on Linux. */
export function userDataDir(): string {
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Callscope');
}
