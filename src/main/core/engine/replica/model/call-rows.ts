import type { CallRowDeal, CallRows, CallRowsParams } from '../../../../../shared/bridge';
import { notFoundIn } from '../kept-not-found';
import { listWithinCopy, offlineList } from '../offline-lists';
import { canonicalParams } from '../replica-answers';
import type { ReplicaDatabase } from '../replica-db';
import { appliedScope } from '../sync/applied-scope';
import { lastRoundEnded } from '../sync/sync-store';

type CallsPage = Omit<CallRows, 'deals' | 'from'>;

/** The deals a page of calls names, each once. */
export function dealIdsOf(calls: readonly { deal_id?: string | null }[]): string[] {
  return [...new Set(calls.flatMap((call) => (call.deal_id ? [call.deal_id] : [])))];
}

/**
 * What each row of the calls list shows of its deal, as the copy holds it: its title, or that it
 * is gone (listed DELETED, not found by a whole walk of the deals, or its read kept the service's
 * 404), as the deal's own read would show it. Only once a sync round has walked the lists, and
 * only deals the copy keeps (every one of the whole workspace, else those its sync tracks): a deal
 * it does not hold is left out, and its rows read it themselves.
 */
export function callRowDeals(db: ReplicaDatabase, dealIds: readonly string[]): Record<string, CallRowDeal> {
  const deals: Record<string, CallRowDeal> = {};
  if (lastRoundEnded(db) === null) return deals;
  const whole = appliedScope(db).kind === 'everything';
  const tracked = db.prepare<[string], number>("SELECT 1 FROM sync_items WHERE kind = 'deals' AND id = ?").pluck();
  const held = db.prepare<[string], { title: string | null; status: string | null; removed_at: number | null }>(
    'SELECT title, status, removed_at FROM deals WHERE id = ? AND body IS NOT NULL',
  );
  const keptDetail = db
    .prepare<[string], string>("SELECT body FROM answers WHERE op = 'getDeal' AND params = ?")
    .pluck();
  for (const id of dealIds) {
    if (!whole && !tracked.get(id)) continue;
    const deal = held.get(id);
    if (deal) {
      deals[id] = { title: deal.title, deleted: deal.status === 'DELETED' || deal.removed_at !== null };
      continue;
    }
    // A deal deleted before any walk listed it is known only by its own read, which kept the 404.
    const kept = keptDetail.get(canonicalParams({ id }));
    if (kept !== undefined && notFoundIn(JSON.parse(kept))) deals[id] = { title: null, deleted: true };
  }
  return deals;
}

/**
 * A page of the calls list from the copy, as the offline list gives it. Null when the copy cannot
 * answer it as the service would: no walk of the calls ended yet, a cursor it cannot place, calls
 * its scope leaves out, or a call held without the date the list is ordered by. DELETED calls are
 * the service's to list: the walks leave them out.
 */
export function callPageFromCopy(db: ReplicaDatabase, params: CallRowsParams): CallsPage | null {
  if (params.status === 'DELETED' || !listWithinCopy(db, 'listVideos', params)) return null;
  const undated = db
    .prepare('SELECT 1 FROM calls WHERE body IS NOT NULL AND created_ms IS NULL AND removed_at IS NULL LIMIT 1')
    .get();
  if (undated) return null;
  const page = offlineList(db, 'listVideos', params);
  return page && !('outside' in page) ? (page as CallsPage) : null;
}
