import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigate } from '../navigation/router';
import { pathTo } from '../navigation/routes';
import { getBridge } from '../platform';
import { useUiStore } from '../state/ui-store';
import { workspaceKeys } from '../workspaces/queries';

/** Main's pushes: open a screen, a workspace changed elsewhere, the client is waiting to retry. */
export function useBridgeEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const bridge = getBridge();
    const stops = [
      bridge.on('navigate', (target) => navigate(pathTo(target))),
      bridge.on('workspacesChanged', () => void queryClient.invalidateQueries({ queryKey: workspaceKeys.all })),
      bridge.on('clientWaiting', ({ code, retryInMs }) => useUiStore.getState().noteSlowDown(code, retryInMs)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
