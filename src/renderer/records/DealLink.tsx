import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { LinkAhead } from '../navigation/render-ahead';
import { paths } from '../navigation/routes';
import { prefetchDeal } from './deal-reads';

/**
 * A link to a deal's page that, when it is pressed or gets the keyboard's focus, starts the page's
 * first reads and renders the page ahead, as `CallLink` does for a call.
 */
export function DealLink({
  dealId,
  ...props
}: { dealId: string } & Omit<ComponentProps<typeof LinkAhead>, 'to' | 'prepare'>) {
  const queryClient = useQueryClient();
  return <LinkAhead to={paths.deal(dealId)} prepare={() => prefetchDeal(queryClient, dealId)} {...props} />;
}
