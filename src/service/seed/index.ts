export type { SeedProfile } from './profiles';
export {
  type IssueKey,
  type KeyRequest,
  type Manifest,
  type ManifestKey,
  type ManifestOrg,
  SEED_BASE_TIME,
  type SeedOptions,
  seedDatabase,
} from './seed-database';
