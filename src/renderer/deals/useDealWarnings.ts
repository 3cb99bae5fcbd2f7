import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '../../shared/api';
import { type BoardCardFacts, defaultDealWarningThresholds } from '../../shared/bridge';
import { workspaceQueries } from '../workspaces/queries';
import { type DealSignals, type DealWarning, dealWarnings } from './deal-warnings';
import { dealSignalsQuery } from './queries';

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
 * Each deal's warnings by id; `undefined` while its signals are still being read. A deal whose
 * signals the board's read brought (`held`) reads none of its own.
 */
export function useDealWarnings(
  deals: readonly Deal[],
  held: ReadonlyMap<string, BoardCardFacts> = new Map(),
): Map<string, DealWarning[] | undefined> {
  const thresholds = useQuery(workspaceQueries.preferences()).data?.dealWarnings ?? defaultDealWarningThresholds;
  const client = useQueryClient();
  const active = deals.filter(mayWarn);
  const lacking = active.filter((deal) => !heldSignals(held.get(deal.id)));
  const signals = useQueries({ queries: lacking.map((deal) => dealSignalsQuery(deal.id, client)) });
  const read = new Map(lacking.map((deal, index) => [deal.id, signals[index]?.data]));
  const byId = new Map<string, DealWarning[] | undefined>(deals.map((deal) => [deal.id, []]));
  for (const deal of active) {
    const known = heldSignals(held.get(deal.id)) ?? read.get(deal.id);
    byId.set(deal.id, known ? dealWarnings(deal, known, thresholds) : undefined);
  }
  return byId;
}
