import { useId } from 'react';
import type { Workspace } from '../../shared/bridge';
import { useWorkspaceChange } from './queries';

/** The header's workspace picker. */
export function WorkspaceSwitcher({ workspaces, active }: { workspaces: Workspace[]; active: Workspace }) {
  const switchTo = useWorkspaceChange('switchWorkspace');
  const selectId = useId();
  return (
    <div className="workspace-switcher">
      <label htmlFor={selectId} className="visually-hidden">
        Workspace
      </label>
      <select
        id={selectId}
        value={active.id}
        disabled={switchTo.isPending}
        onChange={(event) => switchTo.mutate({ workspaceId: event.target.value })}
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
    </div>
  );
}
