import { useQuery } from '@tanstack/react-query';
import type { CallRowDeal } from '../../shared/bridge';
import { isNotFoundError } from '../shared-ui/whole-screen-error';
import { DealLink } from './DealLink';
import { dealReads } from './deal-reads';

/**
 * A link to a deal by its title; one request per distinct deal, shared by every row that shows it,
 * unless the list's own read brought what the row shows of it (`known`, from the local copy).
 * A call keeps the id of a deal deleted since (the service answers not found, or DELETED): that
 * reads as text, not a link to a "not found" screen.
 */
export function DealName({ dealId, known }: { dealId: string | null; known?: CallRowDeal }) {
  const deal = useQuery({
    ...dealReads.detail(dealId ?? ''),
    enabled: dealId !== null && !known,
    staleTime: 5 * 60_000,
  });
  if (!dealId) return <span className="muted">No deal</span>;
  const deleted = known
    ? known.deleted
    : (deal.isError && isNotFoundError(deal.error)) || deal.data?.data.status === 'DELETED';
  if (deleted) return <span className="muted">Deal deleted</span>;
  const title = known ? known.title : (deal.data?.data.title ?? (deal.isPending ? 'Deal…' : null));
  return <DealLink dealId={dealId}>{title ?? 'Untitled deal'}</DealLink>;
}
