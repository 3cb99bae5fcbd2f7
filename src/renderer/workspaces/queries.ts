import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperationName, OperationParams } from '../../shared/bridge';
import { call } from '../api';
import { workspaceIndependentKeys } from '../state/query-client';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
};

export const appKeys = {
  all: ['app'] as const,
  info: () => [...appKeys.all, 'info'] as const,
  preferences: () => [...appKeys.all, 'preferences'] as const,
};

export const workspaceQueries = {
  list: () =>
    queryOptions({ queryKey: workspaceKeys.list(), queryFn: ({ signal }) => call('listWorkspaces', {}, signal) }),
  appInfo: () =>
    queryOptions({
      queryKey: appKeys.info(),
      queryFn: ({ signal }) => call('getAppInfo', {}, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  preferences: () =>
    queryOptions({ queryKey: appKeys.preferences(), queryFn: ({ signal }) => call('getPreferences', {}, signal) }),
};

type WorkspaceOperation =
  | 'openDemoWorkspace'
  | 'addWorkspace'
  | 'switchWorkspace'
  | 'replaceKey'
  | 'signOut'
  | 'revokeKey'
  | 'removeWorkspace';

/**
 * Any operation that changes which workspace (or key) is in use: the service data cached for
 * the old one is dropped, so no screen shows another workspace's deals for a moment.
 */
export function useWorkspaceChange<N extends WorkspaceOperation & OperationName>(op: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: OperationParams<N>) => call(op, params),
    onSuccess: async () => {
      // Reset, not remove: screens still open (a new key for the same workspace) refetch at once.
      void queryClient.resetQueries({ predicate: (query) => !workspaceIndependentKeys.has(query.queryKey[0]) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
    },
  });
}

/** For `mutateAsync(…).then(…)`: a failed change is shown from the mutation's own state. */
export function ignoreShownFailure(): void {}

/** The currency the active workspace names for its amounts (settings), or null for plain numbers. */
export function useWorkspaceCurrency(): string | null {
  const list = useQuery(workspaceQueries.list()).data;
  return list?.workspaces.find((workspace) => workspace.id === list.activeId)?.currency ?? null;
}
