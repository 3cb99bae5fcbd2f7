import { useQuery } from '@tanstack/react-query';
import { isNotFoundError } from '../shared-ui/whole-screen-error';
import { DealLink } from './DealLink';
import { dealReads } from './deal-reads';

/**
 * A link to a deal by its title; one request per distinct deal, shared by every row that shows it.
 * A call keeps the id of a deal deleted since (the service answers not found, or DELETED): that
 * reads as text, not a link to a "not found" screen.
 */
export function DealName({ dealId }: { dealId: string | null }) {
  const deal = useQuery({ ...dealReads.detail(dealId ?? ''), enabled: dealId !== null, staleTime: 5 * 60_000 });
  if (!dealId) return <span className="muted">No deal</span>;
  if ((deal.isError && isNotFoundError(deal.error)) || deal.data?.data.status === 'DELETED') {
    return <span className="muted">Deal deleted</span>;
  }
  const title = deal.data?.data.title ?? (deal.isPending ? 'Deal…' : 'Untitled deal');
  return <DealLink dealId={dealId}>{title}</DealLink>;
}
