import { allScopes } from '../../shared/api/scopes';
import type { ManifestOrg } from '../seed/index';

/** The organisation's key holding every scope and no rate limit (the seed gives each organisation one). */
export function fullAccessKey(org: ManifestOrg): string {
  const found = org.keys.find((key) => key.scopes.length === allScopes.length && !key.rate_limited);
  if (!found) throw new Error(`the manifest has no full-access key for ${org.id}`);
  return found.key;
}
