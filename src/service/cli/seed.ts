import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writePrivateFile } from '../../node-shared/private-files';
import { issueKey } from '../auth/issue-key';
import { type SeedProfile, seedDatabase } from '../seed/index';
import { withDatabase } from './data-dir';
import { MANIFEST_FILE } from './manifest-file';
import { UsageError } from './usage-error';

const profiles: readonly SeedProfile[] = ['demo', 'large', 'test'];

function parseProfile(value: string | undefined): SeedProfile {
  const profile = (value ?? 'demo') as SeedProfile;
  if (!profiles.includes(profile)) throw new UsageError(`--profile must be one of ${profiles.join(', ')}`);
  return profile;
}

/** `seed`: fills the data directory and writes DIR/manifest.json, the keys tools and tests use. */
export function seedCommand(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { data: { type: 'string' }, profile: { type: 'string' } },
  });
  const profile = parseProfile(values.profile);
  const manifest = withDatabase(values.data, (db) => {
    if (db.prepare('SELECT 1 FROM organizations LIMIT 1').get()) {
      throw new UsageError(`${values.data} is already seeded; seed an empty data directory`);
    }
    return seedDatabase(db, { profile, issueKey });
  });
  // The manifest lists every API key in clear: private like the database.
  writePrivateFile(join(values.data as string, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
