import { create } from 'zustand';
import { bridgeErrorOf } from '../api';

/**
 * Actions the service refused this workspace's key (403: a scope it lacks, or an inactive
 * organisation). After the first refusal the action's button is disabled with the reason, as
 * trying again cannot help; a new workspace, or a reload after the key changed, starts afresh.
 */
interface RefusedActions {
  refused: Record<string, string>;
  clear: () => void;
}

export const useRefusedActions = create<RefusedActions>((set) => ({
  refused: {},
  clear: () => set({ refused: {} }),
}));

export const isRefusal = (error: unknown): boolean => {
  const { code, status } = bridgeErrorOf(error);
  return code === 'forbidden' || status === 403;
};

/** Notes a refusal of `action` (when the error is one); any other failure may pass with a retry. */
export function noteIfRefused(action: string, error: unknown): void {
  if (!isRefusal(error)) return;
  const reason = bridgeErrorOf(error).message;
  useRefusedActions.setState((state) => ({ refused: { ...state.refused, [action]: reason } }));
}

/** The service's reason for refusing `action` to this key, or null while it has not refused it. */
export function useRefusal(action: string): string | null {
  return useRefusedActions((state) => state.refused[action] ?? null);
}
