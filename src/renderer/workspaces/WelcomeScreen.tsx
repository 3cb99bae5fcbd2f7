import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Workspace } from '../../shared/bridge';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { InlineError } from '../shared-ui/InlineError';
import { AddWorkspaceForm } from './AddWorkspaceForm';
import { ignoreShownFailure, useWorkspaceChange, workspaceQueries } from './queries';
import './workspaces.css';

/** First run, or every workspace signed out: open the demo or add one. */
export function WelcomeScreen({ workspaces, notice }: { workspaces: Workspace[]; notice?: ReactNode }) {
  const appInfo = useQuery(workspaceQueries.appInfo());
  const openDemo = useWorkspaceChange('openDemoWorkspace');
  const switchTo = useWorkspaceChange('switchWorkspace');
  return (
    <main className="welcome">
      <h1>Welcome to Callscope</h1>
      <p className="lead">Your sales calls and deals, from the Sales Call Intelligence service.</p>
      {notice}
      {appInfo.data?.keychainProblem && <p className="notice">{appInfo.data.keychainProblem}</p>}
      <div className="welcome-grid">
        <section className="card" aria-labelledby="demo-heading">
          <h2 id="demo-heading">Try the demo</h2>
          <p>A local service with a sample sales team, deals and recorded calls.</p>
          {openDemo.isError && <InlineError error={openDemo.error} />}
          <button
            type="button"
            className="button primary"
            disabled={openDemo.isPending || appInfo.data?.demoAvailable === false}
            // Not mutate's own onSuccess, which a remount of the shell for the new workspace drops.
            onClick={() => openDemo.mutateAsync({}).then(() => navigate(paths.pipeline()), ignoreShownFailure)}
          >
            {openDemo.isPending ? 'Opening…' : 'Open the demo workspace'}
          </button>
        </section>
        <section className="card" aria-labelledby="add-heading">
          <h2 id="add-heading">Add your workspace</h2>
          <AddWorkspaceForm />
        </section>
      </div>
      {workspaces.length > 0 && (
        <section className="card" aria-labelledby="known-heading">
          <h2 id="known-heading">Your workspaces</h2>
          <ul className="plain-list">
            {workspaces.map((workspace) => (
              <li key={workspace.id} className="row">
                <span>
                  {workspace.name} <span className="muted">{workspace.baseUrl}</span>
                </span>
                <button
                  type="button"
                  className="button small"
                  onClick={() => switchTo.mutate({ workspaceId: workspace.id })}
                >
                  Open {workspace.name}
                </button>
              </li>
            ))}
          </ul>
          {switchTo.isError && <InlineError error={switchTo.error} />}
        </section>
      )}
    </main>
  );
}
