import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { endpoints } from '../../../shared/api';
import type { DemoConnection } from '../app-core/workspaces';

/** The part of the seeded data directory's manifest.json (written by the service's `seed`) we read. */
const Manifest = z.object({
  orgs: z.array(
    z.object({
      active: z.boolean(),
      keys: z.array(z.object({ key: z.string(), scopes: z.array(z.string()), rate_limited: z.boolean() })),
    }),
  ),
});

/** Every scope the app's operations need: those of the main API's endpoints. */
const appScopes = [...new Set(Object.values(endpoints).flatMap((endpoint) => endpoint.scope ?? []))];

/**
 * The demo workspace's key: one with every scope the app uses and no rate limit, of the first
 * active organisation. It is read from the local data directory at launch and never stored elsewhere.
 */
export function readDemoConnection(dataDir: string, baseUrl: string): DemoConnection {
  const manifest = Manifest.parse(JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')));
  for (const org of manifest.orgs.filter((candidate) => candidate.active)) {
    const key = org.keys.find(
      (candidate) => !candidate.rate_limited && appScopes.every((s) => candidate.scopes.includes(s)),
    );
    if (key) return { baseUrl, apiKey: key.key };
  }
  throw new Error(`${dataDir}/manifest.json has no full-scope key of an active organisation`);
}
