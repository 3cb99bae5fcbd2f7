import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { prefetchDeal } from './queries';

/**
 * A link to a deal's page that starts the page's first reads when it is pressed, as `CallLink`
 * does for a call: the click, and the page's render in it, no longer come before them.
 */
export function DealLink({ dealId, ...props }: { dealId: string } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const queryClient = useQueryClient();
  const prefetch = () => prefetchDeal(queryClient, dealId);
  return <Link to={paths.deal(dealId)} onPointerDown={prefetch} onClick={prefetch} {...props} />;
}
