import type { DealStatus } from '../../shared/api/deals';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** Everything the model looks at: the deal's own data, nothing else (docs/scoring-model.md). */
export interface DealScoringInputs {
  status: DealStatus;
  closeDate: string | null;
  /** Times of the deal's activities and linked calls, any order. */
  activityTimes: string[];
  /** Item statuses of the current checklist evaluations of the deal's calls (MET, PARTIALLY_MET, NOT_MET…). */
  checklistItemStatuses: string[];
  /** Types of the current sales events of the deal's calls (PRICING, NEXT_STEP…). */
  salesEventTypes: string[];
}

/**
 * Reads what the model scores from the deal's own rows: its activities (a linked call without an
 * activity row counts by its own creation time), and the current checklist evaluations and sales
 * events of its calls. Returns null when the deal does not exist.
 */
export function loadDealScoringInputs(db: Db, dealId: string): DealScoringInputs | null {
  const deal = prepared(db, 'SELECT status, close_date FROM deals WHERE id = ?').get(dealId) as
    | { status: DealStatus; close_date: string | null }
    | undefined;
  if (!deal) return null;

  const activityTimes = prepared(
    db,
    `SELECT created_at FROM deal_activities WHERE deal_id = @dealId
       UNION ALL
       SELECT v.created_at FROM videos v
       WHERE v.deal_id = @dealId AND v.status != 'DELETED'
         AND NOT EXISTS (SELECT 1 FROM deal_activities a WHERE a.deal_id = @dealId AND a.video_id = v.id)`,
    'pluck',
  ).all({ dealId }) as string[];

  const checklistItems = prepared(
    db,
    `SELECT c.items FROM checklist_evaluations c JOIN videos v ON v.id = c.video_id
       WHERE v.deal_id = ? AND c.is_current = 1 AND v.status != 'DELETED'`,
    'pluck',
  ).all(dealId) as string[];
  const checklistItemStatuses = checklistItems.flatMap((items) =>
    (JSON.parse(items) as { status?: unknown }[]).map((item) => String(item.status ?? '')),
  );

  const salesEventTypes = prepared(
    db,
    `SELECT e.type FROM sales_events e JOIN videos v ON v.id = e.video_id
       WHERE v.deal_id = ? AND e.is_current = 1 AND v.status != 'DELETED'`,
    'pluck',
  ).all(dealId) as string[];

  return { status: deal.status, closeDate: deal.close_date, activityTimes, checklistItemStatuses, salesEventTypes };
}
