import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Manifest } from '../../shared/manifest';

/** `seed` writes DIR/manifest.json: the organisations and keys tools and tests use. */
export const MANIFEST_FILE = 'manifest.json';

export function readManifest(dataDir: string): Manifest {
  return Manifest.parse(JSON.parse(readFileSync(join(dataDir, MANIFEST_FILE), 'utf8')));
}
