export type SeedProfile = 'test' | 'demo' | 'large';

/** How much one organisation gets; `orgs[i]` sizes the i-th organisation of the world. */
export interface OrgSize {
  members: number;
  deals: number;
  calls: number;
  /** Inclusive range of transcript lines per call. */
  segments: readonly [number, number];
}

/**
 * `test` seeds in well under a second for integration tests; `demo` is a browsable workspace of a
 * few hundred calls; `large` holds over 1,000,000 transcript segments for the search benchmark.
 */
export const profileSizes: Record<SeedProfile, readonly OrgSize[]> = {
  test: [
    { members: 4, deals: 7, calls: 12, segments: [10, 16] },
    { members: 3, deals: 6, calls: 10, segments: [10, 14] },
    { members: 2, deals: 2, calls: 3, segments: [8, 10] },
  ],
  demo: [
    { members: 8, deals: 45, calls: 180, segments: [30, 90] },
    { members: 6, deals: 25, calls: 100, segments: [30, 80] },
    { members: 2, deals: 4, calls: 10, segments: [20, 40] },
  ],
  large: [
    { members: 8, deals: 1200, calls: 4200, segments: [180, 260] },
    { members: 6, deals: 300, calls: 700, segments: [150, 220] },
    { members: 2, deals: 4, calls: 10, segments: [20, 40] },
  ],
};

/**
 * The demo's organisations allowlist this host for webhooks, so adding an endpoint works on the
 * demo without an operator step (`.test` is reserved: it names nothing outside this machine).
 */
export const DEMO_WEBHOOK_HOST = 'hooks.callscope-demo.test';
export const profileAllowlists: Record<SeedProfile, readonly string[]> = {
  test: [],
  demo: [DEMO_WEBHOOK_HOST],
  large: [],
};

/** Each profile draws from its own stream, so growing one profile never changes another. */
export const profileSeeds: Record<SeedProfile, number> = { test: 0x7e57, demo: 0xde40, large: 0x1a49e };
