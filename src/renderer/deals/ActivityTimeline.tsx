import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../app/router';
import { paths } from '../app/routes';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime, humanize } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { dealQueries } from './queries';

export function ActivityTimeline({ dealId }: { dealId: string }) {
  const activities = useInfiniteQuery(dealQueries.activities(dealId));
  const memberName = useMemberNames();
  if (activities.isPending) return <SkeletonRows rows={3} height={52} label="Loading activity" />;
  if (activities.isError) return <ErrorState error={activities.error} onRetry={() => activities.refetch()} />;
  const items = activities.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <EmptyState title="No activity yet" />;
  return (
    <>
      <ol className="timeline">
        {items.map((activity) => (
          <li key={activity.id}>
            <span className="timeline-when muted small">{formatDateTime(activity.created_at)}</span>
            <span>
              {memberName(activity.member_id)} · {humanize(activity.action)}{' '}
              <Link to={paths.call(activity.video_id)}>{activity.video_title}</Link>
            </span>
          </li>
        ))}
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
