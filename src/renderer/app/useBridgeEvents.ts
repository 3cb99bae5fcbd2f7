import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReplicaStatus, SyncStatus } from '../../shared/bridge';
import { bookmarkKeys } from '../bookmarks/queries';
import { coachingKeys } from '../coaching/queries';
import { navigate } from '../navigation/router';
import { pathTo } from '../navigation/routes';
import { noteKeys } from '../notes/queries';
import { notificationKeys } from '../notifications/queries';
import { oneOnOneKeys } from '../one-on-one/queries';
import { getBridge } from '../platform';
import { replicaKeys, syncKeys } from '../replica/queries';
import { rollupKeys } from '../rollup/queries';
import { savedSearchKeys } from '../search/saved-searches';
import { workspaceIndependentKeys } from '../state/query-client';
import { useUiStore } from '../state/ui-store';
import { whatChangedKeys } from '../what-changed/queries';
import { workspaceKeys } from '../workspaces/queries';
import { queriesToReadAgain } from './changed-reads';

/**
 * Main's pushes: open a screen, a workspace changed elsewhere, the client is waiting to retry,
 * the replica has newer answers, the service stopped or started answering.
 */
export function useBridgeEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const bridge = getBridge();
    // Every screen of the workspace reads again: from the replica at once, so this is cheap; error
    // panels included, so a screen that failed while the service was away recovers by itself.
    const readScreensAgain = () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          !workspaceIndependentKeys.has(query.queryKey[0]) &&
          query.queryKey[0] !== replicaKeys.all[0] &&
          query.queryKey[0] !== syncKeys.all[0],
      });
    const stops = [
      // Only the screens showing what changed read again; a read this app does not know: all of them.
      bridge.on('replicaChanged', ({ reads }) => {
        const filters = queriesToReadAgain(reads);
        if (filters === null) void readScreensAgain();
        else for (const filter of filters) void queryClient.invalidateQueries(filter);
      }),
      bridge.on('syncProgress', (status) => {
        void queryClient.invalidateQueries({ queryKey: replicaKeys.localCopy(status.workspaceId) });
        // An event is newer than an answer still on its way, which must not overwrite it.
        void queryClient.cancelQueries({ queryKey: syncKeys.status() });
        queryClient.setQueryData<SyncStatus>(syncKeys.status(), (current) =>
          !current || current.workspaceId === status.workspaceId ? status : current,
        );
      }),
      bridge.on('localCopyChanged', ({ workspaceId }) => {
        void queryClient.invalidateQueries({ queryKey: replicaKeys.status() });
        void queryClient.invalidateQueries({ queryKey: replicaKeys.localCopy(workspaceId) });
        // Removed, rebuilt or turned off, the copy took the manager's overlays with it.
        void queryClient.invalidateQueries({ queryKey: rollupKeys.all });
        // Removed, rebuilt or turned off: what only the copy holds is read again.
        void queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
        void queryClient.invalidateQueries({ queryKey: whatChangedKeys.all });
        // The coaching screens are the copy's alone: one turned off, removed or rebuilt changes them.
        void queryClient.invalidateQueries({ queryKey: coachingKeys.all });
        // The manager's private notes and 1:1s live only in the copy, and go with it.
        void queryClient.invalidateQueries({ queryKey: noteKeys.all });
        void queryClient.invalidateQueries({ queryKey: oneOnOneKeys.all });
      }),
      bridge.on('connectivityChanged', (reach) => {
        queryClient.setQueryData<ReplicaStatus>(replicaKeys.status(), (status) =>
          status?.workspaceId === reach.workspaceId ? { ...status, ...reach } : status,
        );
        if (reach.online) void readScreensAgain();
      }),
      bridge.on('navigate', (target) => navigate(pathTo(target))),
      bridge.on('savedSearchesChanged', () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all })),
      bridge.on('notificationsChanged', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
      bridge.on('workspacesChanged', () => void queryClient.invalidateQueries({ queryKey: workspaceKeys.all })),
      bridge.on('clientWaiting', ({ code, retryInMs }) => useUiStore.getState().noteSlowDown(code, retryInMs)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
