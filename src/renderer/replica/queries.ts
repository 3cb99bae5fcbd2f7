import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api';

export const replicaKeys = {
  all: ['replica'] as const,
  status: () => [...replicaKeys.all, 'status'] as const,
};

export const replicaQueries = {
  /** Kept current by main's connectivityChanged event, not by polling. */
  status: () =>
    queryOptions({
      queryKey: replicaKeys.status(),
      queryFn: ({ signal }) => call('getReplicaStatus', {}, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/**
 * Why an action that needs the service cannot run now, or null when it can. Offline the app
 * reads from the replica, but nothing that changes the service is queued behind the person's back.
 */
export function useOfflineReason(): string | null {
  const status = useQuery(replicaQueries.status());
  return status.data && !status.data.online ? 'Needs the service, which is not answering right now.' : null;
}
