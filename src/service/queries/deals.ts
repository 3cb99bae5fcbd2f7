import type { DealStatus } from '../../shared/api/deals';
import type { ServedDeal, ServedDealActivity, ServedDealDetail, ServedScoreFactor } from '../../shared/api/served';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { latestCompletedScoring } from './jobs';
import { keysetPage, type Page } from './keyset-page';

const DEAL_COLUMNS = 'id, title, status, product_id, owner_id, forecast_amount, close_date, created_at, updated_at';

export interface DealFilters {
  status?: DealStatus;
  cursor?: string;
  limit?: number;
}

/** Without a status filter, DELETED deals stay out of the list (design.md). */
export function listDeals(db: Db, orgId: string, filters: DealFilters): Page<ServedDeal> {
  return keysetPage<ServedDeal>(db, {
    from: `SELECT ${DEAL_COLUMNS} FROM deals`,
    where: ['org_id = ?', filters.status ? 'status = ?' : "status <> 'DELETED'"],
    params: filters.status ? [orgId, filters.status] : [orgId],
    createdAtColumn: 'created_at',
    idColumn: 'id',
    cursor: filters.cursor,
    limit: filters.limit,
  });
}

/** Like videos, a DELETED deal is visible only through the `status=DELETED` list filter. */
export function findDeal(db: Db, orgId: string, dealId: string): ServedDeal | undefined {
  return prepared(db, `SELECT ${DEAL_COLUMNS} FROM deals WHERE id = ? AND org_id = ? AND status <> 'DELETED'`).get(
    dealId,
    orgId,
  ) as ServedDeal | undefined;
}

type StoredFactor = { factor_id: string; score: number; reason?: string | null; completion?: number | null };

/** design.md: probability and score_factors from the completed scoring that finished last. */
export function dealDetail(db: Db, deal: ServedDeal): ServedDealDetail {
  const scoring = latestCompletedScoring(db, deal.id);
  const factors = (scoring?.result?.factors ?? []) as StoredFactor[];
  const score_factors: ServedScoreFactor[] = factors.map((factor) => ({
    id: `${scoring?.id}_${factor.factor_id}`,
    factor_id: factor.factor_id,
    score: factor.score,
    completion: factor.completion ?? null,
    reason: factor.reason ?? null,
  }));
  return { ...deal, probability: scoring?.result?.probability ?? null, score_factors };
}

export function listActivities(
  db: Db,
  dealId: string,
  page: { cursor?: string; limit?: number },
): Page<ServedDealActivity> {
  return keysetPage<ServedDealActivity>(db, {
    from: `SELECT a.id, a.action, a.created_at, a.video_id, v.title AS video_title, a.member_id
           FROM deal_activities a JOIN videos v ON v.id = a.video_id`,
    where: ['a.deal_id = ?'],
    params: [dealId],
    createdAtColumn: 'a.created_at',
    idColumn: 'a.id',
    ...page,
  });
}

/** The fields of a deal its CRM changes: each given sets its column (null clears it). */
export interface DealChanges {
  status?: string;
  title?: string;
  forecast_amount?: number | null;
  close_date?: string | null;
  owner_id?: string | null;
}

/** Writes the given fields of a deal and moves its `updated_at`, as a change in its CRM would. */
export function updateDeal(db: Db, dealId: string, changes: DealChanges, now: string): void {
  const set = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (set.length === 0) return;
  const columns = set.map(([column]) => `${column} = ?`).join(', ');
  db.prepare(`UPDATE deals SET ${columns}, updated_at = ? WHERE id = ?`).run(
    ...set.map(([, value]) => value as string | number | null),
    now,
    dealId,
  );
}
