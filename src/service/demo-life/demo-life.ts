import type { BackgroundTask } from '../context';
import type { Db } from '../db/database';
import { ingestCall } from '../ingest/ingest-call';
import { updateDeal } from '../queries/deals';
import { startScoring } from '../scoring/start-scoring';

export interface DemoLifeOptions {
  db: Db;
  /** How often the demo workspace moves. */
  everyMs: number;
  now: () => Date;
  random?: () => number;
}

const DAY_MS = 24 * 3600_000;

/**
 * The demo workspace lives: every `everyMs` a few of its open deals move as a CRM's would (an
 * amount up or down, a close date pushed out or pulled in, a deal put on hold or back), a call
 * comes in and a deal is scored again, so a new user's second look already finds changes.
 * The demo organisation is the first active one seeded (the manifest's first), whose key the demo
 * workspace uses.
 */
export function createDemoLife(options: DemoLifeOptions): BackgroundTask & { tick(): void } {
  const random = options.random ?? Math.random;
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  let timer: NodeJS.Timeout | undefined;

  function tick(): void {
    const { db } = options;
    const org = db
      .prepare<[], string>('SELECT id FROM organizations WHERE active = 1 ORDER BY rowid LIMIT 1')
      .pluck()
      .get();
    if (!org) return;
    const now = options.now();
    const at = now.toISOString();
    const open = db
      .prepare<[string], { id: string; status: string; forecast_amount: number | null; close_date: string | null }>(
        "SELECT id, status, forecast_amount, close_date FROM deals WHERE org_id = ? AND status IN ('OPEN', 'ON_HOLD')",
      )
      .all(org);
    db.transaction(() => {
      const priced = pick(open.filter((deal) => deal.forecast_amount !== null));
      if (priced) {
        const factor = 1 + (random() < 0.5 ? -1 : 1) * (0.1 + random() * 0.15);
        updateDeal(db, priced.id, { forecast_amount: Math.round((priced.forecast_amount! * factor) / 500) * 500 }, at);
      }
      const dated = pick(open.filter((deal) => deal.close_date !== null && deal.id !== priced?.id));
      if (dated) {
        const weeks = (random() < 0.7 ? 1 : -1) * (1 + Math.floor(random() * 3));
        const closeDate = new Date(Date.parse(dated.close_date!) + weeks * 7 * DAY_MS).toISOString();
        updateDeal(db, dated.id, { close_date: closeDate }, at);
      }
      const moved = pick(open.filter((deal) => deal.id !== priced?.id && deal.id !== dated?.id));
      if (moved && random() < 0.5)
        updateDeal(db, moved.id, { status: moved.status === 'OPEN' ? 'ON_HOLD' : 'OPEN' }, at);
      const scored = pick(open.filter((deal) => deal.status === 'OPEN'));
      if (scored) startScoring(db, org, scored.id, at);
    })();
    ingestCall(db, { orgId: org, title: `Demo call ${at.slice(11, 16)} UTC`, now });
  }

  return {
    tick,
    start() {
      timer = setInterval(() => {
        try {
          tick();
        } catch (error) {
          console.error('demo life: a tick failed', error);
        }
      }, options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
    },
  };
}
