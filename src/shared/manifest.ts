import { z } from 'zod';
import { endpoints, Scope } from './api';

/**
 * `manifest.json`, which the local service's `seed` writes into its data directory: the
 * organisations, members and keys that tools, tests and the demo workspace use. Scopes are
 * listed by name, never "all".
 */
export const ManifestKey = z.object({
  key: z.string(),
  scopes: z.array(Scope),
  member_id: z.string(),
  rate_limited: z.boolean(),
});
export type ManifestKey = z.infer<typeof ManifestKey>;

export const ManifestOrg = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  members: z.array(z.object({ id: z.string(), email: z.string() })),
  keys: z.array(ManifestKey),
});
export type ManifestOrg = z.infer<typeof ManifestOrg>;

export const Manifest = z.object({ orgs: z.array(ManifestOrg) });
export type Manifest = z.infer<typeof Manifest>;

/** Every scope the app's operations need: those of the main API's endpoints. */
const appScopes = [...new Set(Object.values(endpoints).flatMap((endpoint) => endpoint.scope ?? []))];

/** The organisation's key that can do everything the app does, without a rate limit. */
export function fullAccessKeyOf(org: ManifestOrg): ManifestKey | undefined {
  return org.keys.find((key) => !key.rate_limited && appScopes.every((scope) => key.scopes.includes(scope)));
}

/**
 * The demo workspace's key, and every test's: the full-access key of the first active
 * organisation that has one.
 */
export function demoKeyOf(manifest: Manifest): { org: ManifestOrg; key: ManifestKey } {
  for (const org of manifest.orgs.filter((candidate) => candidate.active)) {
    const key = fullAccessKeyOf(org);
    if (key) return { org, key };
  }
  throw new Error('the manifest has no full-access key of an active organisation');
}
