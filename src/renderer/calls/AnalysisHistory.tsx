import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { callQueries } from './queries';

export function AnalysisHistory({ callId }: { callId: string }) {
  const analyses = useInfiniteQuery(callQueries.analyses(callId));
  if (analyses.isPending) return <SkeletonRows rows={3} height={36} label="Loading analyses" />;
  if (analyses.isError) return <ErrorState error={analyses.error} onRetry={() => analyses.refetch()} />;
  const items = analyses.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <EmptyState title="Never analysed" />;
  return (
    <>
      <table className="table compact">
        <caption className="visually-hidden">Analysis history, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {items.map((analysis) => (
            <tr key={analysis.id}>
              <td>{formatDateTime(analysis.created_at)}</td>
              <td>
                <span className={`badge job-${analysis.status}`}>{analysis.status}</span>
              </td>
              <td>
                {analysis.result
                  ? `${analysis.result.sales_event_count} sales events`
                  : analysis.error
                    ? `${analysis.error.code}: ${analysis.error.message}`
                    : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <InfiniteSentinel
        hasNextPage={analyses.hasNextPage}
        isFetchingNextPage={analyses.isFetchingNextPage}
        fetchNextPage={analyses.fetchNextPage}
        label="Load older analyses"
      />
    </>
  );
}
