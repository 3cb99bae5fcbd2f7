import { useQuery } from '@tanstack/react-query';
import { callReads } from '../records/call-reads';
import { formatDate } from '../shared-ui/format';

/**
 * When a found call was recorded: the search says it for the calls the copy holds; for a call only
 * the service found (its list page not walked yet) it comes from the call itself, one read, cached.
 */
export function CallDate({ videoId, createdAt }: { videoId: string; createdAt: string | null }) {
  if (createdAt) return <span className="call-date">{formatDate(createdAt)}</span>;
  return <ReadCallDate videoId={videoId} />;
}

function ReadCallDate({ videoId }: { videoId: string }) {
  const detail = useQuery({ ...callReads.detail(videoId), staleTime: 5 * 60_000 });
  const createdAt = detail.data?.data.created_at;
  return <span className="call-date">{createdAt ? formatDate(createdAt) : '…'}</span>;
}
