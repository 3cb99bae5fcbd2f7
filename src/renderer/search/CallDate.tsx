import { useQuery } from '@tanstack/react-query';
import { callQueries } from '../calls/queries';
import { formatDate } from '../shared-ui/format';
import { searchQueries } from './queries';

/**
 * When a hit's call was recorded: a hit carries no date, so it comes from the newest calls the
 * Call filter already lists (where most hits are, as search orders by the call's creation, newest
 * first), or else from the call itself, one read per call, cached.
 */
export function CallDate({ videoId }: { videoId: string }) {
  const newest = useQuery(searchQueries.callChoices());
  const listed = newest.data?.data.find((video) => video.id === videoId);
  const detail = useQuery({
    ...callQueries.detail(videoId),
    enabled: !listed && !newest.isPending,
    staleTime: 5 * 60_000,
  });
  const createdAt = listed?.created_at ?? detail.data?.data.created_at;
  return <span className="call-date">{createdAt ? formatDate(createdAt) : '…'}</span>;
}
