import { useQuery } from '@tanstack/react-query';
import { callReads } from '../records/call-reads';
import { formatDate } from '../shared-ui/format';

/**
 * When a hit's call was recorded: a hit carries no date, so it comes from `listed`, the newest
 * calls the Call filter already lists by id (where most hits are, as search orders by the call's
 * creation, newest first; undefined while they load), or else from the call itself, one read per
 * call, cached. A listed call's date costs its row no query: a result set mounts 25 rows at once.
 */
export function CallDate({ videoId, listed }: { videoId: string; listed: ReadonlyMap<string, string> | undefined }) {
  const createdAt = listed?.get(videoId);
  if (createdAt || !listed) return <span className="call-date">{createdAt ? formatDate(createdAt) : '…'}</span>;
  return <ReadCallDate videoId={videoId} />;
}

function ReadCallDate({ videoId }: { videoId: string }) {
  const detail = useQuery({ ...callReads.detail(videoId), staleTime: 5 * 60_000 });
  const createdAt = detail.data?.data.created_at;
  return <span className="call-date">{createdAt ? formatDate(createdAt) : '…'}</span>;
}
