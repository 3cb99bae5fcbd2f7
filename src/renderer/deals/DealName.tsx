import { useQuery } from '@tanstack/react-query';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { dealQueries } from './queries';

/** A link to a deal by its title; one request per distinct deal, shared by every row that shows it. */
export function DealName({ dealId }: { dealId: string | null }) {
  const deal = useQuery({ ...dealQueries.detail(dealId ?? ''), enabled: dealId !== null, staleTime: 5 * 60_000 });
  if (!dealId) return <span className="muted">No deal</span>;
  const title = deal.data?.data.title ?? (deal.isPending ? 'Deal…' : 'Untitled deal');
  return <Link to={paths.deal(dealId)}>{title}</Link>;
}
