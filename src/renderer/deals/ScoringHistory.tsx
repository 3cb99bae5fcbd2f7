import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page, Scoring } from '../../shared/api';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime, formatPercent } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';

export function ScoringHistory({ scorings }: { scorings: UseInfiniteQueryResult<InfiniteData<Page<Scoring>>> }) {
  if (scorings.isPending) return <SkeletonRows rows={3} height={36} label="Loading scorings" />;
  if (scorings.isError) return <ErrorState error={scorings.error} onRetry={() => scorings.refetch()} />;
  const items = scorings.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <EmptyState title="Never scored" />;
  return (
    <>
      <table className="table compact">
        <caption className="visually-hidden">Scoring history, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {items.map((scoring) => (
            <tr key={scoring.id}>
              <td>{formatDateTime(scoring.created_at)}</td>
              <td>
                <span className={`badge job-${scoring.status}`}>{scoring.status}</span>
              </td>
              <td>
                {scoring.result
                  ? formatPercent(scoring.result.probability)
                  : scoring.error
                    ? `${scoring.error.code}: ${scoring.error.message}`
                    : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <InfiniteSentinel
        hasNextPage={scorings.hasNextPage}
        isFetchingNextPage={scorings.isFetchingNextPage}
        fetchNextPage={scorings.fetchNextPage}
        label="Load older scorings"
      />
    </>
  );
}
