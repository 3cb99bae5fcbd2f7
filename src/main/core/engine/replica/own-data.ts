import { ApiError } from '../../service-client/api-client/api-error';
import type { Replica, Replicas } from './replicas';

type Outcome<T> = { value: T } | { refused: ApiError };

/**
 * Reads or writes what only the local copy holds (the manager's bookmarks, what changed): unlike
 * a screen's read, there is no service to fall back on, so a copy that cannot answer is an error
 * that says why, and a write that was not stored is never reported as done. An ApiError thrown by
 * `use` (bad input) reaches the caller as it is, not as a fault of the copy.
 */
export async function onOwnData<T>(
  replicas: Replicas,
  workspaceId: string,
  mode: 'read' | 'write',
  use: (replica: Replica) => T,
): Promise<T> {
  const attempt = (replica: Replica): Outcome<T> => {
    try {
      return { value: use(replica) };
    } catch (error) {
      if (error instanceof ApiError) return { refused: error };
      throw error;
    }
  };
  const outcome =
    mode === 'read' ? await replicas.read(workspaceId, attempt) : await replicas.write(workspaceId, attempt);
  if (outcome === null) throw await unavailable(replicas, workspaceId, mode);
  if ('refused' in outcome) throw outcome.refused;
  return outcome.value;
}

async function unavailable(replicas: Replicas, workspaceId: string, mode: 'read' | 'write'): Promise<ApiError> {
  const pause = replicas.storingPause(workspaceId);
  const message =
    pause && mode === 'write'
      ? `The local copy cannot store anything now (${pause.reason === 'disk-full' ? 'the disk is full' : 'a write failed'}), so this was not saved. It stores again by itself once it can; then try again.`
      : (await replicas.get(workspaceId)) === null
        ? 'This lives in the workspace’s local copy, and none is kept now: it is turned off in Workspace and key, or the service does not accept the key.'
        : `The local copy could not be ${mode === 'read' ? 'read' : 'written'} just now. Try again.`;
  return new ApiError({ code: 'not_available', message });
}
