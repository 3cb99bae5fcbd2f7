import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Video } from '../../shared/api';
import type { CallRowDeal } from '../../shared/bridge';
import { humanize } from '../../shared/humanize';
import { listItem } from '../navigation/list-items';
import { useReadAheadWhenIdle } from '../navigation/render-ahead';
import { useAddressQuery } from '../navigation/router';
import type { SortDirection, SortOrder } from '../navigation/sort-order';
import { CallLink } from '../records/CallLink';
import { heldTranscripts } from '../records/call-reads';
import { callStatusTones } from '../records/call-status';
import { DealName } from '../records/DealName';
import { dealReads } from '../records/deal-reads';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { listEnded, recordsOf } from '../state/cursor-pages';
import { useEveryPage } from '../state/useEveryPage';
import { CallFiltersBar } from './CallFiltersBar';
import {
  type CallSortKey,
  type CallsView,
  callFiltersOf,
  compareCalls,
  firstDirection,
  readCallsView,
  writeCallsView,
} from './calls-view';
import { callQueries } from './queries';
import './calls.css';

/** The service's own order: newest first (interface, Pagination), what the list shows unsorted. */
const serviceOrder: SortOrder<CallSortKey> = { key: 'date', direction: 'desc' };

/**
 * Every call, newest first, filtered by the interface's own filter values; unknown statuses read
 * as words. Sorted by another column, every page of the filtered list is loaded first (the
 * replica answers the pages it holds at once), and until then the table says it is sorted among
 * the calls loaded so far.
 */
export function CallsScreen() {
  const [query, setQuery] = useAddressQuery();
  const view = readCallsView(query);
  const update = (change: Partial<CallsView>) => setQuery(writeCallsView({ ...view, ...change }));
  const calls = useInfiniteQuery(callQueries.list(callFiltersOf(view)));
  const loaded = recordsOf(calls.data?.pages ?? []);
  const heldDeals = new Map((calls.data?.pages ?? []).flatMap((page) => Object.entries(page.deals)));
  const sort = view.sort ?? serviceOrder;
  const sorted = view.sort !== null;
  const { hasNextPage, isFetchingNextPage, isError, isFetchNextPageError, fetchNextPage } = calls;
  useEveryPage(calls, sorted);
  const ended = calls.data ? listEnded(calls.data.pages) : false;
  const dealTitle = useDealTitles(loaded, sort.key === 'deal', heldDeals);
  const items = sorted ? [...loaded].sort(compareCalls(sort.key, sort.direction, dealTitle)) : loaded;
  const onSort = (key: CallSortKey) => {
    const next = { key, direction: key === sort.key ? flip(sort.direction) : firstDirection(key) };
    update({ sort: next.key === serviceOrder.key && next.direction === serviceOrder.direction ? null : next });
  };
  return (
    <div className="screen wide">
      <div className="screen-header">
        <h1>Calls</h1>
      </div>
      <CallFiltersBar value={view} onChange={(filters) => update(filters)} />
      {sorted && calls.data && !ended && !isError && (
        <p className="muted small" role="status">
          {hasNextPage
            ? `Sorted among the ${loaded.length} calls loaded; loading the rest…`
            : `Sorted among the ${loaded.length} calls read: the service’s list does not end.`}
        </p>
      )}
      {calls.isPending ? (
        <SkeletonRows rows={8} height={41} label="Loading calls" />
      ) : isError && (!isFetchNextPageError || items.length === 0) ? (
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
            deals={heldDeals}
            sort={sort}
            onSort={onSort}
            complete={ended}
            onNearEnd={() => {
              if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
            }}
          />
          {/* The calls read stay; what follows could not be read (offline, past what the local copy keeps). */}
          {isFetchNextPageError && (
            <ErrorState error={calls.error} onRetry={() => fetchNextPage()} title="More calls could not be loaded" />
          )}
        </>
      )}
      <InfiniteSentinel
        hasNextPage={hasNextPage && !isFetchNextPageError}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        label="Load more calls"
      />
    </div>
  );
}

const flip = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/**
 * The titles of the loaded calls' deals: as the list's read brought them (`held`), else read (one
 * cached detail per deal) only while sorting by deal.
 */
function useDealTitles(
  calls: readonly Video[],
  enabled: boolean,
  held: ReadonlyMap<string, CallRowDeal>,
): (dealId: string) => string | null | undefined {
  const lacking = [...new Set(calls.flatMap((call) => (call.deal_id ? [call.deal_id] : [])))].filter(
    (id) => !held.has(id),
  );
  const details = useQueries({
    queries: lacking.map((id) => ({ ...dealReads.detail(id), staleTime: 5 * 60_000, enabled })),
  });
  // A deleted deal reads "Deal deleted" in its cell (DealName), so it sorts with the calls without one.
  const titles = new Map<string, string | null | undefined>(
    lacking.map((id, index) => {
      const deal = details[index]?.data?.data;
      return [id, deal?.status === 'DELETED' ? null : deal?.title];
    }),
  );
  for (const [id, deal] of held) titles.set(id, deal.deleted ? null : deal.title);
  return (dealId) => titles.get(dealId);
}

const columns: { key: CallSortKey; label: string; words: [asc: string, desc: string] }[] = [
  { key: 'title', label: 'Call', words: ['by title, A to Z', 'by title, Z to A'] },
  { key: 'status', label: 'Status', words: ['by status, A to Z', 'by status, Z to A'] },
  { key: 'date', label: 'Recorded', words: ['oldest first', 'newest first'] },
  { key: 'duration', label: 'Duration', words: ['shortest first', 'longest first'] },
  { key: 'type', label: 'Type', words: ['by type, A to Z', 'by type, Z to A'] },
  { key: 'deal', label: 'Deal', words: ['by deal, A to Z', 'by deal, Z to A'] },
];

const orderInWords = (sort: SortOrder<CallSortKey>) =>
  columns.find((column) => column.key === sort.key)!.words[sort.direction === 'asc' ? 0 : 1];

const ROW_HEIGHT = 41;
const NEAR_END_ROWS = 15;

/**
 * Only the rows near the window's viewport exist in the DOM, so thousands of loaded calls keep
 * memory and layout flat. Fixed row height and column widths mean nothing moves while scrolling.
 */
function CallsTable({
  calls,
  deals,
  sort,
  onSort,
  complete,
  onNearEnd,
}: {
  calls: Video[];
  deals: ReadonlyMap<string, CallRowDeal>;
  sort: SortOrder<CallSortKey>;
  onSort: (key: CallSortKey) => void;
  complete: boolean;
  onNearEnd: () => void;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  useKeyShortcut('o', () => tableRef.current?.querySelector<HTMLButtonElement>('th[aria-sort] button')?.focus());
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
  const inView = virtualizer.range;
  useReadAheadWhenIdle(
    inView ? calls.slice(inView.startIndex, inView.endIndex + 1).map((call) => call.id) : [],
    heldTranscripts,
  );
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
      <caption className="visually-hidden">Calls, {orderInWords(sort)}</caption>
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
          {columns.map(({ key, label }) => (
            <th
              key={key}
              scope="col"
              className={key === 'duration' ? 'numeric' : undefined}
              aria-sort={key === sort.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              <button
                type="button"
                className="sort-button"
                onClick={() => onSort(key)}
                aria-keyshortcuts={key === sort.key ? 'o' : undefined}
              >
                {label}
                <span
                  className="sort-mark"
                  aria-hidden="true"
                  data-mark={key === sort.key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                />
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {before > 0 && <tr className="spacer" style={{ height: before }} />}
        {rows.map((row) => {
          const video = calls[row.index]!;
          return (
            <tr key={video.id} aria-rowindex={row.index + 2} style={{ height: ROW_HEIGHT }}>
              <td>
                <CallLink callId={video.id} {...listItem}>
                  {video.title || 'Untitled call'}
                </CallLink>
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
                <DealName dealId={video.deal_id ?? null} known={video.deal_id ? deals.get(video.deal_id) : undefined} />
              </td>
            </tr>
          );
        })}
        {after > 0 && <tr className="spacer" style={{ height: after }} />}
      </tbody>
    </table>
  );
}
