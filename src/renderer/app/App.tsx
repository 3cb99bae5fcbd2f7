import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../navigation/routes';
import { ErrorBoundary, RenderFailure } from '../shared-ui/ErrorBoundary';
import { ErrorState } from '../shared-ui/ErrorState';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { createQueryClient } from '../state/query-client';
import { KeyMissingScreen } from '../workspaces/KeyMissingScreen';
import { workspaceQueries } from '../workspaces/queries';
import { WelcomeScreen } from '../workspaces/WelcomeScreen';
import { Shell } from './Shell';
import { useBridgeEvents } from './useBridgeEvents';
import { useShortcuts } from './useShortcuts';
import { useTheme } from './useTheme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary fallback={(error) => <ShellFailure error={error} />}>
        <Root />
      </ErrorBoundary>
    </QueryClientProvider>
  );
}

/**
 * The shell itself threw while rendering, so nothing of the window is left to keep: the way back
 * starts the window again on the Pipeline, with every read made anew.
 */
function ShellFailure({ error }: { error: Error }) {
  const startAgain = () => {
    window.location.hash = paths.pipeline();
    window.location.reload();
  };
  return (
    <main className="welcome">
      <h1>Callscope</h1>
      <RenderFailure title="This window could not be shown" error={error}>
        {/* biome-ignore lint/a11y/noAutofocus: the only way on from a window that failed */}
        <button type="button" className="button primary" autoFocus onClick={startAgain}>
          Go to the Pipeline
        </button>
      </RenderFailure>
    </main>
  );
}

/** Which workspace is open decides everything else; each workspace gets a fresh shell. */
function Root() {
  useBridgeEvents();
  useShortcuts();
  useTheme();
  const workspaces = useQuery(workspaceQueries.list());
  if (workspaces.isPending) return <SkeletonBlock height={48} label="Starting Callscope" />;
  if (workspaces.isError) {
    return (
      <main className="welcome">
        <h1>Callscope</h1>
        <ErrorState
          error={workspaces.error}
          onRetry={() => workspaces.refetch()}
          title="Your workspaces could not be read"
        />
      </main>
    );
  }
  const { workspaces: all, activeId } = workspaces.data;
  const active = all.find((workspace) => workspace.id === activeId);
  if (!active) return <WelcomeScreen workspaces={all} />;
  if (!active.hasKey) return <KeyMissingScreen workspace={active} workspaces={all} />;
  return <Shell key={active.id} workspace={active} workspaces={all} />;
}
