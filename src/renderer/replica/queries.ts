import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CopyScope, LocalCopy, SyncStatus } from '../../shared/bridge';
import { call } from '../api';

export const replicaKeys = {
  all: ['replica'] as const,
  status: () => [...replicaKeys.all, 'status'] as const,
  localCopy: (workspaceId: string) => [...replicaKeys.all, 'local-copy', workspaceId] as const,
};

export const replicaQueries = {
  /** Kept current by main's connectivityChanged event, not by polling. */
  status: () =>
    queryOptions({
      queryKey: replicaKeys.status(),
      queryFn: ({ signal }) => call('getReplicaStatus', {}, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** Read again at each syncProgress event while shown (its size grows as the sync stores). */
  localCopy: (workspaceId: string) =>
    queryOptions({
      queryKey: replicaKeys.localCopy(workspaceId),
      queryFn: ({ signal }) => call('getLocalCopy', { workspaceId }, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

const OFFLINE_REASON = 'Needs the service, which is not answering right now.';

/**
 * Why an action that needs the service cannot run now, or null when it can. Offline the app
 * reads from the replica; only a Re-score or Analyze is kept to be sent later (`useOfflineStart`).
 */
export function useOfflineReason(): string | null {
  const status = useQuery(replicaQueries.status());
  return status.data && !status.data.online ? OFFLINE_REASON : null;
}

/**
 * Offline, what starting a job (`action`: its button's name) does: it is kept in the local copy
 * and sent when the service answers again (`note` says so), or, with no copy to keep it in, it
 * cannot run (`reason`).
 */
export function useOfflineStart(action: string): { reason: string | null; note: string | null } {
  const status = useQuery(replicaQueries.status());
  if (!status.data || status.data.online) return { reason: null, note: null };
  if (status.data.storage === 'off') return { reason: OFFLINE_REASON, note: null };
  const kept = status.data.storage === 'memory' ? 'kept for this session' : 'kept';
  return { reason: null, note: `The service is not answering: ${action} is ${kept} and sent when it answers again.` };
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
  // A read of the status sent before the change could land after it and undo it on screen.
  const onSuccess = async (status: SyncStatus) => {
    await queryClient.cancelQueries({ queryKey: syncKeys.status() });
    queryClient.setQueryData(syncKeys.status(), status);
  };
  return {
    pause: useMutation({ mutationFn: () => call('pauseSync', {}), onSuccess }),
    resume: useMutation({ mutationFn: () => call('resumeSync', {}), onSuccess }),
    setBudget: useMutation({
      mutationFn: (requestsPerSecond: number) => call('setSyncBudget', { requestsPerSecond }),
      onSuccess,
    }),
  };
}

/**
 * Turn the local copy off or on, remove its data or choose what it keeps: main answers with the
 * copy as it now is; the freshness line (where it lives) and the sync's status are read again.
 */
export function useLocalCopyControl(workspaceId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (copy: LocalCopy) => {
    queryClient.setQueryData(replicaKeys.localCopy(workspaceId), copy);
    void queryClient.invalidateQueries({ queryKey: replicaKeys.status() });
    void queryClient.invalidateQueries({ queryKey: syncKeys.status() });
  };
  return {
    setOn: useMutation({ mutationFn: (on: boolean) => call('setLocalCopy', { workspaceId, on }), onSuccess }),
    remove: useMutation({ mutationFn: () => call('removeLocalData', { workspaceId }), onSuccess }),
    setScope: useMutation({
      mutationFn: (scope: CopyScope) => call('setCopyScope', { workspaceId, scope }),
      onSuccess,
    }),
  };
}
