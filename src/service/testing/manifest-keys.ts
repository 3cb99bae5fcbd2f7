import { fullAccessKeyOf, type ManifestOrg } from '../../shared/manifest';

/** The organisation's full-access key (the seed gives each organisation one). */
export function fullAccessKey(org: ManifestOrg): string {
  const found = fullAccessKeyOf(org);
  if (!found) throw new Error(`the manifest has no full-access key for ${org.id}`);
  return found.key;
}
