import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DealCallRow } from '../../shared/bridge';
import { CallLink } from '../records/CallLink';
import { callReads } from '../records/call-reads';
import { callStatusTones } from '../records/call-status';
import { dealReads } from '../records/deal-reads';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { isNotFoundError } from '../shared-ui/whole-screen-error';
import { recordsOf } from '../state/cursor-pages';

/**
 * The deal's calls, newest first, in one read a page: every call of the deal as the local copy
 * knows it; where the copy cannot list them (the interface lists no calls by deal), the calls its
 * activity links, each row reading its own call.
 */
export function DealCalls({ dealId }: { dealId: string }) {
  const calls = useInfiniteQuery(dealReads.calls(dealId));
  if (calls.isPending) return <SkeletonRows rows={3} height={41} label="Loading calls" />;
  if (calls.isError) return <ErrorState error={calls.error} onRetry={() => calls.refetch()} />;
  const rows = recordsOf(calls.data.pages);
  const linked = calls.data.pages[0]?.from === 'activity';
  const notice = <UnreadableNotice answers={calls.data.pages} />;
  const more = (
    <InfiniteSentinel
      hasNextPage={calls.hasNextPage}
      isFetchingNextPage={calls.isFetchingNextPage}
      fetchNextPage={calls.fetchNextPage}
      label="Load more calls"
    />
  );
  if (rows.length === 0) {
    return (
      <>
        {notice}
        {!calls.hasNextPage && <EmptyState title={linked ? 'No calls linked in its activity' : 'No calls'} />}
        {more}
      </>
    );
  }
  return (
    <>
      {linked && <p className="muted small">The calls this deal’s activity links.</p>}
      {notice}
      <table className="table deal-calls">
        <caption className="visually-hidden">
          {linked ? 'Calls linked in this deal’s activity' : 'Calls of this deal, newest first'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Status</th>
            <th scope="col">Recorded</th>
            <th scope="col" className="numeric">
              Duration
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <DealCall key={row.id} row={row} />
          ))}
        </tbody>
      </table>
      {more}
    </>
  );
}

/** A row shows the call its answer brought, or reads the call itself (the same read as its page). */
function DealCall({ row }: { row: DealCallRow }) {
  const read = useQuery({ ...callReads.detail(row.id), enabled: row.call === null });
  const call = row.call ?? read.data?.data;
  const title = call?.title || row.title || 'Untitled call';
  const pending = row.call === null && read.isPending;
  return (
    <tr>
      <td>
        {read.isError && isNotFoundError(read.error) ? (
          <span className="muted">{title} (deleted)</span>
        ) : (
          <CallLink callId={row.id}>{title}</CallLink>
        )}
      </td>
      <td>
        {pending ? <span className="muted">…</span> : <StatusBadge value={call?.status} tones={callStatusTones} />}
      </td>
      <td>{call?.created_at ? formatDateTime(call.created_at) : '—'}</td>
      <td className="numeric">
        {typeof call?.duration_seconds === 'number' ? formatClock(call.duration_seconds) : '—'}
      </td>
    </tr>
  );
}
