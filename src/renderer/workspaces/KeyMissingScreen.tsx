import type { Workspace } from '../../shared/bridge';
import { ReplaceKeyForm } from './ReplaceKeyForm';
import { WelcomeScreen } from './WelcomeScreen';

/** The open workspace has no usable key (revoked, signed out, or a session-only key after a restart). */
export function KeyMissingScreen({ workspace, workspaces }: { workspace: Workspace; workspaces: Workspace[] }) {
  return (
    <WelcomeScreen
      workspaces={workspaces.filter((other) => other.id !== workspace.id)}
      notice={
        <section className="card key-missing" aria-labelledby="key-missing-heading">
          <h2 id="key-missing-heading">{workspace.name} needs a key</h2>
          <p>
            There is no usable key for <strong>{workspace.baseUrl}</strong>. Enter a new key to open it again, or open
            another workspace.
          </p>
          <ReplaceKeyForm workspaceId={workspace.id} />
        </section>
      }
    />
  );
}
