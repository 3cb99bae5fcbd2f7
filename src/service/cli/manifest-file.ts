import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../seed/index';

/** `seed` writes DIR/manifest.json: the organisations and keys tools and tests use (issue 3). */
export const MANIFEST_FILE = 'manifest.json';

export function readManifest(dataDir: string): Manifest {
  return JSON.parse(readFileSync(join(dataDir, MANIFEST_FILE), 'utf8')) as Manifest;
}
