export type { SeedProfile } from './profiles';
export {
  type IssueKey,
  type KeyRequest,
  SEED_BASE_TIME,
  type SeedOptions,
  seedDatabase,
} from './seed-database';
