import { allScopes, type Scope } from '../../shared/api/scopes';
import type { Manifest, ManifestKey } from '../../shared/manifest';
import type { AnalyzerChecklistItem } from '../analysis/types';
import type { Db } from '../db/database';
import { planOrg } from './plan-org';
import { profileAllowlists, profileSeeds, profileSizes, type SeedProfile } from './profiles';
import { Random } from './random';
import { seedAnalyses } from './seed-analyses';
import { seedScorings } from './seed-scorings';
import { orgBlueprints } from './world';
import { writeCalls, writeOrganisation } from './write-org';

export interface KeyRequest {
  orgId: string;
  memberId: string;
  scopes: Scope[];
  rateLimit?: { requests: number; seconds: number };
}
/** Supplied by the caller (the CLI passes auth's issuer), so seeding never knows how keys are made. */
export type IssueKey = (db: Db, request: KeyRequest) => string;

export interface SeedOptions {
  profile: SeedProfile;
  issueKey: IssueKey;
  /** Generated times are laid out before this instant; it shifts them and changes nothing else. */
  now?: Date;
}

/** The fixed instant data is laid out against when no `now` is given, so seeds are reproducible. */
export const SEED_BASE_TIME = new Date('2026-11-16T09:00:00.000Z');

/** A key with a subset of scopes and a rate-limited key, issued in the first active organisation for tests. */
const partialScopes: Scope[] = ['videos:read', 'deals:read'];
const testRateLimit = { requests: 5, seconds: 1 };

/**
 * Fills an empty database with a deterministic workspace: the same profile gives the same
 * organisations, people, deals, calls, transcripts and analysis outputs every time (only the keys,
 * which are signed secrets, differ). Returns the manifest that tells tools which keys to use.
 */
export function seedDatabase(db: Db, options: SeedOptions): Manifest {
  const anchor = (options.now ?? SEED_BASE_TIME).getTime();
  const orgs = orgBlueprints.map((blueprint, index) => {
    const random = new Random(profileSeeds[options.profile] * 31 + index);
    const size = profileSizes[options.profile][index]!;
    const org = { id: `org_${random.hex()}`, createdAt: anchor - 420 * 86_400_000 };
    const plan = planOrg(random, blueprint, size, anchor);
    const checklist: AnalyzerChecklistItem[] = blueprint.checklist.map((item) => ({
      id: `chk_${random.hex()}`,
      item_text: item.text,
      item_description: item.description,
      keywords: [...item.keywords],
    }));
    writeOrganisation(db, org, blueprint, plan, checklist, profileAllowlists[options.profile]);
    const segmentsOf = writeCalls(db, org.id, plan.calls);
    seedAnalyses(db, random, org.id, plan.calls, segmentsOf, checklist, anchor);
    seedScorings(db, org.id, plan.deals, anchor);
    return { org, blueprint, plan };
  });

  const firstActive = orgs.find(({ blueprint }) => blueprint.active);
  return {
    orgs: orgs.map(({ org, blueprint, plan }) => {
      const [owner, colleague] = plan.members;
      const issue = (memberId: string, scopes: Scope[], rateLimited = false): ManifestKey => ({
        key: options.issueKey(db, {
          orgId: org.id,
          memberId,
          scopes,
          ...(rateLimited ? { rateLimit: testRateLimit } : {}),
        }),
        scopes,
        member_id: memberId,
        rate_limited: rateLimited,
      });
      const keys = [issue(owner!.id, [...allScopes])];
      if (org === firstActive?.org) {
        keys.push(issue((colleague ?? owner)!.id, partialScopes), issue(owner!.id, [...allScopes], true));
      }
      return {
        id: org.id,
        name: blueprint.name,
        active: blueprint.active,
        members: plan.members.map(({ id, email }) => ({ id, email })),
        keys,
      };
    }),
  };
}
