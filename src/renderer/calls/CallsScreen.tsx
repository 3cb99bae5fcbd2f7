import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Video } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { DealName } from '../deals/DealName';
import { listItem } from '../navigation/list-items';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { CallFiltersBar } from './CallFiltersBar';
import { callStatusTones } from './call-status';
import { type CallFilters, callQueries } from './queries';
import './calls.css';

/** Every call, newest first, filtered by the interface's own filter values; unknown statuses read as words. */
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
        <>
          <UnreadableNotice answers={calls.data.pages} />
          <EmptyState title="No calls match these filters" />
        </>
      ) : (
        <>
          <UnreadableNotice answers={calls.data.pages} />
          <CallsTable
            calls={items}
            complete={!calls.hasNextPage}
            onNearEnd={() => {
              if (calls.hasNextPage && !calls.isFetchingNextPage) void calls.fetchNextPage();
            }}
          />
        </>
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

const ROW_HEIGHT = 41;
const NEAR_END_ROWS = 15;

/**
 * Only the rows near the window's viewport exist in the DOM, so thousands of loaded calls keep
 * memory and layout flat. Fixed row height and column widths mean nothing moves while scrolling.
 */
function CallsTable({ calls, complete, onNearEnd }: { calls: Video[]; complete: boolean; onNearEnd: () => void }) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (table) setScrollMargin(table.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: calls.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  // The next page is asked for when the rows on screen come near the last loaded one: a scroll
  // position, not a loop. (An IntersectionObserver sentinel missed crossings while rows were added.)
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastShown >= calls.length - NEAR_END_ROWS) onNearEnd();
  }, [lastShown, calls.length, onNearEnd]);
  const before = rows.length > 0 ? rows[0]!.start - scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)!.end - scrollMargin) : 0;
  return (
    <table ref={tableRef} className="table calls-table" aria-rowcount={complete ? calls.length + 1 : -1}>
      <caption className="visually-hidden">Calls, newest first</caption>
      <colgroup>
        <col className="col-title" />
        <col className="col-status" />
        <col className="col-date" />
        <col className="col-duration" />
        <col className="col-type" />
        <col className="col-deal" />
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
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
        {before > 0 && <tr className="spacer" style={{ height: before }} />}
        {rows.map((row) => {
          const video = calls[row.index]!;
          return (
            <tr key={video.id} aria-rowindex={row.index + 2} style={{ height: ROW_HEIGHT }}>
              <td>
                <Link to={paths.call(video.id)} {...listItem}>
                  {video.title || 'Untitled call'}
                </Link>
              </td>
              <td>
                <StatusBadge value={video.status} tones={callStatusTones} />
              </td>
              <td>{formatDateTime(video.created_at)}</td>
              <td className="numeric">
                {typeof video.duration_seconds === 'number' ? formatClock(video.duration_seconds) : '—'}
              </td>
              <td>{video.call_type ? humanize(video.call_type) : '—'}</td>
              <td>
                <DealName dealId={video.deal_id ?? null} />
              </td>
            </tr>
          );
        })}
        {after > 0 && <tr className="spacer" style={{ height: after }} />}
      </tbody>
    </table>
  );
}
