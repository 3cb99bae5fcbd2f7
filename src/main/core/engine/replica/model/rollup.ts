import { scopeWords } from '../../../../../shared/copy-scope';
import {
  closeMonthOf,
  monthsFrom,
  type Rollup,
  type RollupDeal,
  type RollupQuery,
  type SlippedDeal,
} from '../../../../../shared/rollup';
import { memberNames } from '../member-names';
import type { ReplicaDatabase } from '../replica-db';
import { appliedScope, choiceOf } from '../sync/applied-scope';
import { lastRoundEnded } from '../sync/sync-store';
import { historyKnownSince, journalSince } from './deal-journal';
import { overlaysIn } from './deal-overlays';

interface HeldDeal {
  id: string;
  title: string | null;
  status: string;
  owner_id: string | null;
  forecast_amount: number | null;
  close_date: string | null;
  probability: number | null;
  created_ms: number | null;
  currency: unknown;
}

const ISO_4217 = /^[A-Z]{3}$/;

/**
 * The interface gives amounts without a currency, so the workspace names one; a service that
 * names a deal's own (a `currency` field the interface does not list) is taken at its word, so
 * amounts of two currencies are never added together.
 */
function currencyOf(deal: HeldDeal, workspaceCurrency: string | null): string | null {
  const own = typeof deal.currency === 'string' ? deal.currency.toUpperCase() : null;
  return own !== null && ISO_4217.test(own) ? own : workspaceCurrency;
}

/** The list fields whose value at `since` places a deal in the roll-up as it stood then. */
const placing = ['close_date', 'owner_id', 'status'] as const;
type Placing = Partial<Record<(typeof placing)[number], unknown>>;

/**
 * Each deal the journal saw change since `since`, with the placing fields it had then (a field
 * not among them did not change since). The copy knows nothing from before its history began: a
 * deal it first saw since then stands as first seen, when it already existed by `since` or by the
 * start of that history (the first sync on this machine saw every deal, `historyKnownSince`); a
 * deal created later, or one gone at `since` and back since, was not in the pipeline: 'unknown'.
 */
function placedAt(db: ReplicaDatabase, since: number, createdMs: ReadonlyMap<string, number | null>) {
  const then = new Map<string, Placing | 'unknown'>();
  const seenBefore = new Set(
    db.prepare<[number], string>('SELECT DISTINCT deal_id FROM deal_journal WHERE seen_at < ?').pluck().all(since),
  );
  const existedBy = Math.max(since, historyKnownSince(db) ?? since);
  for (const entry of journalSince(db, since)) {
    let fields = then.get(entry.dealId);
    if (fields === 'unknown') continue;
    if (fields === undefined) {
      const created = createdMs.get(entry.dealId);
      const firstSight = entry.field === 'added' && !seenBefore.has(entry.dealId);
      if (entry.field === 'added' && !(firstSight && created != null && created <= existedBy)) {
        then.set(entry.dealId, 'unknown');
        continue;
      }
      fields = {};
      then.set(entry.dealId, fields);
    }
    // The first row to name a field has its value then: a change's before, a removal's last known
    // list fields, a first sight's fields as seen.
    const values = (
      entry.field === 'removed' ? entry.before : entry.field === 'added' ? entry.after : { [entry.field]: entry.before }
    ) as Record<string, unknown>;
    for (const field of placing)
      if (Object.hasOwn(values, field) && !Object.hasOwn(fields, field)) fields[field] = values[field];
  }
  return then;
}

/**
 * The deals that slipped out of a month of the range since `since`: at `since` counted (a status
 * of the roll-up) with a close date in that month, now still counted, with a close date after it.
 * The net change counts: a date pushed out and pulled back in did not slip.
 */
function slippedSince(
  db: ReplicaDatabase,
  since: number,
  now: ReadonlyMap<string, HeldDeal>,
  months: ReadonlySet<string>,
  statuses: ReadonlySet<string>,
): SlippedDeal[] {
  const slipped: SlippedDeal[] = [];
  const createdMs = new Map([...now.values()].map((deal) => [deal.id, deal.created_ms]));
  for (const [dealId, then] of placedAt(db, since, createdMs)) {
    const deal = now.get(dealId);
    if (then === 'unknown' || deal === undefined) continue;
    const at = <F extends keyof Placing>(field: F, current: unknown) =>
      Object.hasOwn(then, field) ? then[field] : current;
    const closeThen = at('close_date', deal.close_date);
    const monthThen = closeMonthOf(closeThen);
    const monthNow = closeMonthOf(deal.close_date);
    if (monthThen === null || !months.has(monthThen) || !statuses.has(String(at('status', deal.status)))) continue;
    if (monthNow === null || monthNow <= monthThen) continue;
    const owner = at('owner_id', deal.owner_id);
    slipped.push({
      id: deal.id,
      title: deal.title,
      ownerId: typeof owner === 'string' ? owner : null,
      month: monthThen,
      closeDateThen: closeThen as string,
      closeDateNow: deal.close_date!,
    });
  }
  return slipped;
}

/** Why some of the workspace's deals may be missing from what the copy holds; null when none are. */
function partialWords(db: ReplicaDatabase): string | null {
  if (lastRoundEnded(db) === null)
    return 'The local copy is still reading this workspace’s deals: the roll-up counts those it holds so far.';
  const scope = appliedScope(db);
  if (scope.kind === 'everything') return null;
  return `Deals outside the local copy are not counted: it keeps ${scopeWords(choiceOf(scope), memberNames(db))}.`;
}

/**
 * The roll-up of a range as the local copy holds it (the workspace model): every deal of the
 * statuses asked for whose close date lies in one of its months, with its amount, the model's win
 * probability and the manager's overlay, and the deals that slipped out of a month since `since`
 * (the deal journal). Deals found gone, and those a copy of part of the workspace does not track,
 * are left out, as its lists leave them out. The sums are the screen's: each deal carries what
 * they need, missing values as null, never as 0.
 */
export function rollupFromCopy(
  db: ReplicaDatabase,
  query: RollupQuery,
  copy: { workspaceCurrency: string | null; storage: 'file' | 'memory' },
): Rollup {
  const months = monthsFrom(query.from, query.to);
  const inRange = new Set(months);
  const statuses = new Set<string>(query.statuses);
  const held = db
    .prepare<{ statuses: string; whole: number }, HeldDeal>(
      `SELECT id, title, status, owner_id, forecast_amount, close_date, probability, created_ms,
         json_extract(body, '$.currency') AS currency
       FROM deals
       WHERE body IS NOT NULL AND removed_at IS NULL AND status IN (SELECT value FROM json_each(:statuses))
         AND (:whole = 1 OR id IN (SELECT id FROM sync_items WHERE kind = 'deals'))`,
    )
    .all({ statuses: JSON.stringify(query.statuses), whole: appliedScope(db).kind === 'everything' ? 1 : 0 });
  const overlays = overlaysIn(db);
  const deals: RollupDeal[] = [];
  let withoutCloseDate = 0;
  for (const deal of held) {
    const month = closeMonthOf(deal.close_date);
    if (month === null) withoutCloseDate += 1;
    if (month === null || !inRange.has(month)) continue;
    deals.push({
      id: deal.id,
      title: deal.title,
      status: deal.status,
      ownerId: deal.owner_id,
      month,
      closeDate: deal.close_date!,
      currency: currencyOf(deal, copy.workspaceCurrency),
      amount: deal.forecast_amount,
      probability: deal.probability,
      overlay: overlays.get(deal.id) ?? null,
    });
  }
  const slipped = slippedSince(
    db,
    Date.parse(query.since),
    new Map(held.map((deal) => [deal.id, deal])),
    inRange,
    statuses,
  );
  const nameOf = memberNames(db);
  const ownerIds = new Set([...deals, ...slipped].map((deal) => deal.ownerId));
  const owners = [...ownerIds]
    .map((id) => ({ id, name: id === null ? null : nameOf(id) }))
    .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name)));
  const knownSince = historyKnownSince(db);
  return {
    months,
    owners,
    deals,
    slipped,
    withoutCloseDate,
    workspaceCurrency: copy.workspaceCurrency,
    historyKnownSince: knownSince === null ? null : new Date(knownSince).toISOString(),
    partial: partialWords(db),
    overlaysKept: copy.storage,
  };
}
