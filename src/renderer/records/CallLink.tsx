import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { LinkAhead } from '../navigation/render-ahead';
import { paths } from '../navigation/routes';
import { prefetchCall } from './call-reads';

/**
 * A link to a call's page that, when it is pressed or gets the keyboard's focus, starts the page's
 * first reads and renders the page ahead, before the click or the Enter lands.
 */
export function CallLink({
  callId,
  ...props
}: { callId: string } & Omit<ComponentProps<typeof LinkAhead>, 'to' | 'prepare'>) {
  const queryClient = useQueryClient();
  return <LinkAhead to={paths.call(callId)} prepare={() => prefetchCall(queryClient, callId)} {...props} />;
}
