import type { OperationResult } from '../../../shared/bridge';
import type { AppParts, Handlers } from './operation-handlers';

type CopyOperation =
  | 'getReplicaStatus'
  | 'getSyncStatus'
  | 'listBoardDeals'
  | 'listCallRows'
  | 'listDealCalls'
  | 'searchLocal'
  | 'getHeldTranscript'
  | 'pauseSync'
  | 'resumeSync'
  | 'setSyncBudget'
  | 'getLocalCopy'
  | 'setLocalCopy'
  | 'setCopyScope'
  | 'removeLocalData';

/** The workspace's local copy: its status, its sync, reads and search over it, on or off, its removal. */
export function copyOperations(app: AppParts): Handlers<CopyOperation> {
  const { workspaces, engine, settings } = app;
  const { connectivity } = app.service;
  return {
    getReplicaStatus: async () => {
      const workspace = workspaces.active();
      const { lastFetchedAt, ...copy } = await engine.copyStatus(workspace.id);
      connectivity.seed(workspace.id, lastFetchedAt === null ? null : new Date(lastFetchedAt).toISOString());
      return { workspaceId: workspace.id, ...copy, ...(await connectivity.known(workspace.id)) };
    },
    getSyncStatus: async () => engine.syncStatus(workspaces.active().id),
    listBoardDeals: async (params, signal) => engine.boardDeals(workspaces.active().id, params, signal),
    listCallRows: async (params, signal) => engine.callRows(workspaces.active().id, params, signal),
    listDealCalls: async (params, signal) => engine.dealCalls(workspaces.active().id, params, signal),
    searchLocal: async (query, signal) => engine.searchLocal(workspaces.active().id, query, signal),
    getHeldTranscript: async ({ id }) =>
      engine.held(workspaces.active().id, 'getTranscript', { id }) as Promise<OperationResult<'getHeldTranscript'>>,
    pauseSync: async () => engine.pauseSync(workspaces.active().id),
    resumeSync: async () => engine.resumeSync(workspaces.active().id),
    setSyncBudget: async ({ requestsPerSecond }) => {
      settings.update((current) => ({ ...current, syncRequestsPerSecond: requestsPerSecond }));
      return engine.syncStatus(workspaces.active().id);
    },
    getLocalCopy: ({ workspaceId }) => {
      workspaces.find(workspaceId);
      return engine.describeCopy(workspaceId);
    },
    setLocalCopy: async ({ workspaceId, on }) => {
      workspaces.find(workspaceId);
      settings.update((current) => {
        const others = (current.localCopyOff ?? []).filter((id) => id !== workspaceId);
        return { ...current, localCopyOff: on ? others : [...others, workspaceId] };
      });
      // Off deletes the copy at once; on, the workspace on screen syncs afresh.
      if (!on) await engine.forget(workspaceId, 'turned-off');
      else await app.showActive();
      return engine.describeCopy(workspaceId);
    },
    setCopyScope: async ({ workspaceId, scope }) => {
      workspaces.find(workspaceId);
      settings.update((current) => ({ ...current, copyScopes: { ...current.copyScopes, [workspaceId]: scope } }));
      await engine.applyScope(workspaceId);
      return engine.describeCopy(workspaceId);
    },
    removeLocalData: async ({ workspaceId }) => {
      workspaces.find(workspaceId);
      await engine.forget(workspaceId, 'removed');
      // Starts over empty, syncing afresh when it is the workspace on screen (or stays off).
      await app.showActive();
      return engine.describeCopy(workspaceId);
    },
  };
}
