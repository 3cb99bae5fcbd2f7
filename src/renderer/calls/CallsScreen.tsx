import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../app/router';
import { paths } from '../app/routes';
import { DealName } from '../deals/DealName';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime, humanize } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { CallFiltersBar } from './CallFiltersBar';
import { type CallFilters, callQueries } from './queries';

/** Issue 6, item 4. */
export function CallsScreen() {
  const [filters, setFilters] = useState<CallFilters>({});
  const calls = useInfiniteQuery(callQueries.list(filters));
  const items = calls.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="screen wide">
      <div className="screen-header">
        <h1>Calls</h1>
      </div>
      <CallFiltersBar onChange={setFilters} />
      {calls.isPending ? (
        <SkeletonRows rows={8} height={41} label="Loading calls" />
      ) : calls.isError ? (
        <ErrorState error={calls.error} onRetry={() => calls.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No calls match these filters" />
      ) : (
        <table className="table calls-table">
          <caption className="visually-hidden">Calls, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Call</th>
              <th scope="col">Status</th>
              <th scope="col">Recorded</th>
              <th scope="col" className="numeric">
                Duration
              </th>
              <th scope="col">Type</th>
              <th scope="col">Deal</th>
            </tr>
          </thead>
          <tbody>
            {items.map((video) => (
              <tr key={video.id}>
                <td>
                  <Link to={paths.call(video.id)}>{video.title}</Link>
                </td>
                <td>
                  <span className={`badge status-${video.status.toLowerCase()}`}>{humanize(video.status)}</span>
                </td>
                <td>{formatDateTime(video.created_at)}</td>
                <td className="numeric">{formatClock(video.duration_seconds)}</td>
                <td>{humanize(video.call_type)}</td>
                <td>
                  <DealName dealId={video.deal_id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <InfiniteSentinel
        hasNextPage={calls.hasNextPage}
        isFetchingNextPage={calls.isFetchingNextPage}
        fetchNextPage={calls.fetchNextPage}
        label="Load more calls"
      />
    </div>
  );
}
