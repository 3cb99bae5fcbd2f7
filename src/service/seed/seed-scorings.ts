import type { Db } from '../db/database';
import { loadDealScoringInputs } from '../queries/deal-scoring-inputs';
import { scoreDeal } from '../scoring';
import type { PlannedDeal } from './plan-org';

const iso = (time: number) => new Date(time).toISOString();

/**
 * Scoring history computed by the real scoring model over the seeded deal data, at instants spread
 * between the deal's creation and its close (or now), so probabilities move as activity ages.
 */
export function seedScorings(db: Db, orgId: string, deals: readonly PlannedDeal[], anchor: number): void {
  const insert = db.prepare(
    `INSERT INTO scorings (id, org_id, deal_id, status, result, error, created_at, started_at, finished_at, updated_at)
     VALUES (?, ?, ?, 'completed', ?, NULL, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const deal of deals) {
      const inputs = deal.scorings > 0 ? loadDealScoringInputs(db, deal.id) : null;
      if (!inputs) continue;
      const end = Math.min(anchor - 3_600_000, deal.closeDate ?? anchor);
      for (let index = 1; index <= deal.scorings; index++) {
        const createdAt = Math.round(deal.createdAt + ((end - deal.createdAt) * index) / (deal.scorings + 1));
        const finishedAt = createdAt + 4_000;
        // Activity after the scoring's own date did not exist yet when it ran.
        const activityTimes = inputs.activityTimes.filter((time) => Date.parse(time) <= finishedAt);
        const result = scoreDeal({ ...inputs, activityTimes }, new Date(finishedAt));
        const id = `scr_${deal.id.slice(5)}${index}`;
        insert.run(
          id,
          orgId,
          deal.id,
          JSON.stringify(result),
          iso(createdAt),
          iso(createdAt + 1_000),
          iso(finishedAt),
          iso(finishedAt),
        );
      }
    }
  })();
}
