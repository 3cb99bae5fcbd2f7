import { useInfiniteQuery } from '@tanstack/react-query';
import { humanize } from '../../shared/humanize';
import { CallLink } from '../records/CallLink';
import { dealReads } from '../records/deal-reads';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { recordsOf } from '../state/cursor-pages';
import { useMemberNames } from '../team/queries';

export function ActivityTimeline({ dealId }: { dealId: string }) {
  const activities = useInfiniteQuery(dealReads.activities(dealId));
  const memberName = useMemberNames();
  if (activities.isPending) return <SkeletonRows rows={3} height={52} label="Loading activity" />;
  if (activities.isError) return <ErrorState error={activities.error} onRetry={() => activities.refetch()} />;
  const items = recordsOf(activities.data.pages);
  const notice = <UnreadableNotice answers={activities.data.pages} />;
  if (items.length === 0) {
    return (
      <>
        {notice}
        <EmptyState title="No activity yet" />
      </>
    );
  }
  return (
    <>
      {notice}
      <ol className="timeline">
        {items.map((activity) => {
          const title = activity.video_title || (activity.video_id ? 'Untitled call' : null);
          return (
            <li key={activity.id}>
              <span className="timeline-when muted small">{formatDateTime(activity.created_at)}</span>
              <span>
                {activity.member_id ? `${memberName(activity.member_id)} · ` : ''}
                {activity.action ? humanize(activity.action) : 'Activity'}{' '}
                {activity.video_id ? <CallLink callId={activity.video_id}>{title}</CallLink> : title}
              </span>
            </li>
          );
        })}
      </ol>
      <InfiniteSentinel
        hasNextPage={activities.hasNextPage}
        isFetchingNextPage={activities.isFetchingNextPage}
        fetchNextPage={activities.fetchNextPage}
        label="Load more activity"
      />
    </>
  );
}
