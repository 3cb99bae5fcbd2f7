// Where the Electron binary is, or why there is none, WITHOUT `require('electron')`: that call
// tries to download the binary when it is missing, which is blocked on the build machines.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const electronDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'electron');

/** @returns {{ path: string } | { reason: string }} */
export function findElectronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return { path: join(override, relative || 'electron') };
  if (!relative) return { reason: 'the Electron binary is not installed (node_modules/electron has no path.txt)' };
  const path = join(electronDir, 'dist', relative);
  return existsSync(path) ? { path } : { reason: `the Electron binary is missing (${path})` };
}
