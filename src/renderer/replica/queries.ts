import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncStatus } from '../../shared/bridge';
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

export const syncKeys = {
  all: ['sync'] as const,
  status: () => [...syncKeys.all, 'status'] as const,
};

export const syncQueries = {
  /** Kept current by main's syncProgress event. */
  status: () =>
    queryOptions({
      queryKey: syncKeys.status(),
      queryFn: ({ signal }) => call('getSyncStatus', {}, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Pause, resume or change the budget: main answers with the new status, which replaces the cached one. */
export function useSyncControl() {
  const queryClient = useQueryClient();
  const onSuccess = (status: SyncStatus) => queryClient.setQueryData(syncKeys.status(), status);
  return {
    pause: useMutation({ mutationFn: () => call('pauseSync', {}), onSuccess }),
    resume: useMutation({ mutationFn: () => call('resumeSync', {}), onSuccess }),
    setBudget: useMutation({
      mutationFn: (requestsPerSecond: number) => call('setSyncBudget', { requestsPerSecond }),
      onSuccess,
    }),
  };
}
