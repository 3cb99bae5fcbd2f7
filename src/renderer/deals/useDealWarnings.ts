import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '../../shared/api';
import { defaultDealWarningThresholds } from '../../shared/bridge';
import { workspaceQueries } from '../workspaces/queries';
import { type DealWarning, dealWarnings } from './deal-warnings';
import { dealSignalsQuery } from './queries';

/** Won, lost and archived deals never warn (deal-warnings.ts), so their signals are not read. */
const mayWarn = (deal: Pick<Deal, 'status'>) => deal.status === 'OPEN' || deal.status === 'ON_HOLD';

/** Each deal's warnings by id; `undefined` while its signals are still being read. */
export function useDealWarnings(deals: readonly Deal[]): Map<string, DealWarning[] | undefined> {
  const thresholds = useQuery(workspaceQueries.preferences()).data?.dealWarnings ?? defaultDealWarningThresholds;
  const client = useQueryClient();
  const active = deals.filter(mayWarn);
  const signals = useQueries({ queries: active.map((deal) => dealSignalsQuery(deal.id, client)) });
  const byId = new Map<string, DealWarning[] | undefined>(deals.map((deal) => [deal.id, []]));
  active.forEach((deal, index) => {
    const read = signals[index]?.data;
    byId.set(deal.id, read ? dealWarnings(deal, read, thresholds) : undefined);
  });
  return byId;
}
