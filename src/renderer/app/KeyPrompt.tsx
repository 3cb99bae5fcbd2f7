import type { Workspace } from '../../shared/bridge';
import { Dialog } from '../shared-ui/Dialog';
import { useUiStore } from '../state/ui-store';
import { ReplaceKeyForm } from '../workspaces/ReplaceKeyForm';

/** After a 401 anywhere: the person re-enters the key without losing their place. */
export function KeyPrompt({ workspace }: { workspace: Workspace }) {
  const open = useUiStore((state) => state.keyPromptOpen);
  const setOpen = useUiStore((state) => state.setKeyPromptOpen);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Re-enter your key">
      <p>The service no longer accepts this workspace’s key. It may have been revoked or replaced.</p>
      {workspace.kind === 'demo' ? (
        <p>The demo workspace’s key comes from the local service: restart Callscope to get a fresh demo.</p>
      ) : (
        <ReplaceKeyForm workspaceId={workspace.id} onDone={() => setOpen(false)} />
      )}
      <div className="actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Not now
        </button>
      </div>
    </Dialog>
  );
}
