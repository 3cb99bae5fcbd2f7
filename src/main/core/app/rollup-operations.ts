import type { AppParts, Handlers } from './operation-handlers';

type RollupOperation = 'getRollup' | 'setDealOverlay' | 'clearDealOverlay';

/** The roll-up and the manager's overlays: the active workspace's local copy only, never the service. */
export function rollupOperations({ workspaces, engine }: AppParts): Handlers<RollupOperation> {
  return {
    getRollup: async (query) => {
      const workspace = workspaces.active();
      return engine.rollup(workspace.id, query, workspace.currency);
    },
    setDealOverlay: async ({ dealId, call, amount }) =>
      engine.setOverlay(workspaces.active().id, dealId, { call, amount }),
    clearDealOverlay: async ({ dealId }) => engine.setOverlay(workspaces.active().id, dealId, null),
  };
}
