import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoKeyOf, Manifest } from '../../../shared/manifest';
import type { DemoConnection } from './workspaces';

/**
 * The demo workspace's connection: the seeded data directory's demo key (shared/manifest.ts),
 * read at launch and never stored elsewhere.
 */
export function readDemoConnection(dataDir: string, baseUrl: string): DemoConnection {
  const manifest = Manifest.parse(JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')));
  return { baseUrl, apiKey: demoKeyOf(manifest).key.key };
}
