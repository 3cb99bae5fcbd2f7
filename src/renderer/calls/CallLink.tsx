import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { prefetchCall } from './queries';

/**
 * A link to a call's page that starts the page's first reads when it is pressed, before the click
 * lands (a mouse button is held for tens of ms) and before the page renders.
 */
export function CallLink({ callId, ...props }: { callId: string } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const queryClient = useQueryClient();
  const prefetch = () => prefetchCall(queryClient, callId);
  return <Link to={paths.call(callId)} onPointerDown={prefetch} onClick={prefetch} {...props} />;
}
