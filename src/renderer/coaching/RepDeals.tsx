import { useQuery } from '@tanstack/react-query';
import type { BoardCardFacts } from '../../shared/bridge';
import { DealWarningList } from '../deals/DealWarningList';
import { ProbabilityChart } from '../deals/ProbabilityChart';
import { probabilityTrend } from '../deals/probability-trend';
import { useDealWarnings } from '../deals/useDealWarnings';
import { listItem } from '../navigation/list-items';
import { DealLink } from '../records/DealLink';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatAmount, formatDate, formatPercent } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { CopyNote } from './CopyNote';
import { copyCoverage } from './copy-coverage';
import { coachingQueries } from './queries';

/**
 * The deals the rep owns that are still worked, soonest close first: each with its win
 * probability and its trend over past scorings, and its warnings (the Pipeline's rules, from the
 * facts the local copy holds; a deal whose facts the copy lacks reads its own, as a card does).
 */
export function RepDeals({ memberId }: { memberId: string }) {
  const answer = useQuery(coachingQueries.repDeals(memberId));
  const nameOf = useMemberNames();
  const currency = useWorkspaceCurrency();
  const deals = answer.data?.deals ?? [];
  const facts = new Map(Object.entries(answer.data?.facts ?? {}));
  const warnings = useDealWarnings(deals, facts);
  if (answer.isPending) return <SkeletonRows rows={3} height={56} label="Loading deals" />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => answer.refetch()} />;
  const coverage = copyCoverage(answer.data.copy, null, nameOf);
  if (!coverage.figures) return <CopyNote coverage={coverage} />;
  return (
    <>
      <CopyNote coverage={coverage} />
      {deals.length === 0 ? (
        <EmptyState title="No open deals">
          <p className="muted">None of the deals the local copy holds is open or on hold with this rep as owner.</p>
        </EmptyState>
      ) : (
        <table className="table rep-deals">
          <caption className="visually-hidden">Open deals</caption>
          <thead>
            <tr>
              <th scope="col">Deal</th>
              <th scope="col">Close date</th>
              <th scope="col" className="numeric">
                Forecast
              </th>
              <th scope="col">Win probability</th>
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody>
            {deals.map((deal) => {
              const held: BoardCardFacts | undefined = facts.get(deal.id);
              const dealWarnings = warnings.get(deal.id);
              return (
                <tr key={deal.id}>
                  <td>
                    <DealLink dealId={deal.id} {...listItem}>
                      {deal.title || 'Untitled deal'}
                    </DealLink>
                    {deal.status === 'ON_HOLD' && <span className="muted small"> · on hold</span>}
                  </td>
                  <td>{formatDate(deal.close_date)}</td>
                  <td className="numeric">{formatAmount(deal.forecast_amount, undefined, currency)}</td>
                  <td>
                    <ProbabilityTrend facts={held} />
                  </td>
                  <td>
                    {dealWarnings === undefined ? (
                      <span className="muted small">Checking…</span>
                    ) : dealWarnings.length === 0 ? (
                      <span className="muted small">None</span>
                    ) : (
                      <DealWarningList warnings={dealWarnings} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The deal's probability now and its line over its ten newest scorings, as the copy holds them. */
function ProbabilityTrend({ facts }: { facts: BoardCardFacts | undefined }) {
  const probability = facts?.probability;
  const points = facts?.scorings ? probabilityTrend(facts.scorings) : [];
  return (
    <div className="rep-deal-trend">
      <span className="rep-deal-probability">
        {probability ? (probability.value === null ? 'Not scored' : formatPercent(probability.value)) : '—'}
      </span>
      {facts?.scorings ? (
        <ProbabilityChart points={points} />
      ) : (
        <span className="muted small">Scorings not in the local copy</span>
      )}
    </div>
  );
}
