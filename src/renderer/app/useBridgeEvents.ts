import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getBridge } from '../platform';
import { workspaceKeys } from '../workspaces/queries';
import { navigate } from './router';
import { useUiStore } from './ui-store';

/** Main's pushes: open a screen, a workspace changed elsewhere, the client is waiting to retry. */
export function useBridgeEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const bridge = getBridge();
    const stops = [
      bridge.on('navigate', ({ path }) => navigate(path)),
      bridge.on('workspacesChanged', () => void queryClient.invalidateQueries({ queryKey: workspaceKeys.all })),
      bridge.on('clientWaiting', ({ code, retryInMs }) => useUiStore.getState().noteSlowDown(code, retryInMs)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
