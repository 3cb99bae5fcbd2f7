import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '../../shared/api';
import { type BoardCardFacts, defaultDealWarningThresholds } from '../../shared/bridge';
import { workspaceQueries } from '../workspaces/queries';
import { type DealSignals, type DealWarning, dealWarnings, type WarningSet, warningSetOf } from './deal-warnings';
import { dealSignalsQuery } from './queries';
import { warningSnoozeQueries } from './warning-snoozes';

/** Won, lost and archived deals never warn (deal-warnings.ts), so their signals are not read. */
const mayWarn = (deal: Pick<Deal, 'status'>) => deal.status === 'OPEN' || deal.status === 'ON_HOLD';

/** A deal's signals as the board's read brought them, when it brought every one. */
function heldSignals(facts: BoardCardFacts | undefined): DealSignals | null {
  if (!facts?.latestActivity || !facts.scorings || facts.pricingMentions === null) return null;
  return {
    latestActivityAt: facts.latestActivity.at,
    scorings: facts.scorings,
    pricingMentions: facts.pricingMentions,
  };
}

/**
 * Each deal's warnings by id, shown and snoozed; `undefined` while its signals or the snoozes are
 * still being read. A deal whose signals the board's read brought (`held`) reads none of its own.
 * Snoozes the copy cannot answer snooze nothing: every warning shows.
 */
export function useWarningSets(
  deals: readonly Deal[],
  held: ReadonlyMap<string, BoardCardFacts> = new Map(),
): Map<string, WarningSet | undefined> {
  const thresholds = useQuery(workspaceQueries.preferences()).data?.dealWarnings ?? defaultDealWarningThresholds;
  const snoozes = useQuery(warningSnoozeQueries.all());
  const client = useQueryClient();
  const active = deals.filter(mayWarn);
  const lacking = active.filter((deal) => !heldSignals(held.get(deal.id)));
  const signals = useQueries({ queries: lacking.map((deal) => dealSignalsQuery(deal.id, client)) });
  const read = new Map(lacking.map((deal, index) => [deal.id, signals[index]?.data]));
  const none: WarningSet = { shown: [], snoozed: [] };
  const now = Date.now();
  const byId = new Map<string, WarningSet | undefined>(deals.map((deal) => [deal.id, none]));
  for (const deal of active) {
    const known = heldSignals(held.get(deal.id)) ?? read.get(deal.id);
    if (!known || snoozes.isPending) {
      byId.set(deal.id, undefined);
      continue;
    }
    byId.set(deal.id, warningSetOf(dealWarnings(deal, known, thresholds), snoozes.data?.get(deal.id) ?? [], now));
  }
  return byId;
}

/** Each deal's warnings that show and count (none snoozed) by id; `undefined` while they are read. */
export function useDealWarnings(
  deals: readonly Deal[],
  held: ReadonlyMap<string, BoardCardFacts> = new Map(),
): Map<string, DealWarning[] | undefined> {
  const sets = useWarningSets(deals, held);
  return new Map([...sets].map(([id, set]) => [id, set?.shown]));
}
