import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '../../shared/bridge';
import { navigate } from '../navigation/router';
import { syncQueries, useSyncControl } from '../replica/queries';
import { type ScreenAction, useScreenActions } from '../shared-ui/screen-actions';
import { useUiStore } from '../state/ui-store';
import { useWorkspaceChange } from '../workspaces/queries';
import { goToKeys } from './useShortcuts';

/** The palette's actions from every screen: go to a screen, search transcripts, switch workspace, pause or resume the sync. */
export function useAppActions(workspace: Workspace, workspaces: readonly Workspace[]): void {
  const switchTo = useWorkspaceChange('switchWorkspace');
  const sync = useQuery(syncQueries.status()).data;
  const control = useSyncControl();
  const ui = useUiStore.getState;
  const actions: ScreenAction[] = [
    ...Object.entries(goToKeys).map(
      ([key, { path, screen }]): ScreenAction => ({
        id: `go.${key}`,
        title: `Go to ${screen}`,
        key: `G ${key.toUpperCase()}`,
        run: () => navigate(path()),
      }),
    ),
    { id: 'search-transcripts', title: 'Search transcripts', key: '/', run: () => ui().openSearch() },
    { id: 'shortcuts', title: 'Show keyboard shortcuts', key: '?', run: () => ui().setHelpOpen(true) },
    ...workspaces
      .filter((other) => other.id !== workspace.id)
      .map(
        (other): ScreenAction => ({
          id: `workspace.${other.id}`,
          title: `Switch to workspace ${other.name}`,
          keywords: 'workspace',
          run: () => switchTo.mutate({ workspaceId: other.id }),
        }),
      ),
    {
      id: 'sync.pause',
      title: 'Pause the sync of the local copy',
      enabled: sync !== undefined && sync.state !== 'paused' && sync.state !== 'off',
      run: () => control.pause.mutate(),
    },
    {
      id: 'sync.resume',
      title: 'Resume the sync of the local copy',
      enabled: sync?.state === 'paused',
      run: () => control.resume.mutate(),
    },
  ];
  useScreenActions(actions, 'everywhere');
}
