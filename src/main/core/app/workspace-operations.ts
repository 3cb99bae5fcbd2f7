import { ApiError } from '../service-client/api-client/api-error';
import { checkConnection } from '../service-client/check-connection';
import { readServiceProfile } from '../service-client/service-profile/read-service-profile';
import type { AppParts, Handlers } from './operation-handlers';

type WorkspaceOperation =
  | 'getAppInfo'
  | 'listWorkspaces'
  | 'openDemoWorkspace'
  | 'addWorkspace'
  | 'switchWorkspace'
  | 'replaceKey'
  | 'setWorkspaceCurrency'
  | 'signOut'
  | 'revokeKey'
  | 'removeWorkspace'
  | 'checkConnection'
  | 'getPreferences'
  | 'setPreferences'
  | 'saveFile';

/**
 * Workspaces and their keys, and the app's own settings. A workspace that comes on screen syncs;
 * a key that goes (signed out, revoked, another member's) takes the copy it read with it.
 */
export function workspaceOperations(app: AppParts): Handlers<WorkspaceOperation> {
  const { workspaces, engine, settings } = app;
  return {
    getAppInfo: async () => ({
      mode: app.mode,
      keyStorage: app.vault.storage,
      keychainProblem: app.vault.problem,
      settingsProblem: settings.problem,
      demoAvailable: app.demoAvailable,
    }),
    listWorkspaces: () => workspaces.list(),
    openDemoWorkspace: async (_, signal) => {
      const workspace = await workspaces.openDemo(signal);
      await engine.keyAccepted(workspace.id);
      await app.showActive();
      return workspace;
    },
    addWorkspace: async (params, signal) => {
      const workspace = await workspaces.add(params, signal);
      await engine.keyAccepted(workspace.id);
      await app.showActive();
      return workspace;
    },
    switchWorkspace: async (params) => {
      const switched = await workspaces.switchTo(params.workspaceId);
      await app.showActive();
      return switched;
    },
    replaceKey: async ({ workspaceId, apiKey }, signal) => {
      const before = workspaces.find(workspaceId).member?.id;
      const workspace = await workspaces.replaceKey(workspaceId, apiKey, signal);
      // Another member's key may see other calls: what the old one synced is not theirs to read.
      if (before !== workspace.member?.id) await engine.forget(workspaceId, 'key-replaced');
      await engine.keyAccepted(workspaceId);
      await app.showActive();
      return workspace;
    },
    setWorkspaceCurrency: ({ workspaceId, currency }) => workspaces.setCurrency(workspaceId, currency),
    signOut: async ({ workspaceId }) => {
      await workspaces.forgetKey(workspaceId);
      await engine.keyGone(workspaceId, 'signed-out');
      return { workspaceId };
    },
    revokeKey: async (params, signal) => {
      const revoked = await workspaces.revoke(params.workspaceId, signal);
      await engine.keyGone(params.workspaceId, 'key-revoked');
      return revoked;
    },
    removeWorkspace: async ({ workspaceId }) => {
      await workspaces.remove(workspaceId);
      await engine.removeWorkspace(workspaceId);
      settings.update((current) => {
        const { [workspaceId]: _gone, ...resets } = current.localCopyResets ?? {};
        return {
          ...current,
          localCopyOff: current.localCopyOff?.filter((id) => id !== workspaceId),
          localCopyResets: resets,
        };
      });
      await app.showActive();
      return { workspaceId };
    },
    checkConnection: async ({ workspaceId }, signal) => {
      const workspace = workspaces.find(workspaceId);
      const key = await workspaces.keyFor(workspace);
      if (!key)
        throw new ApiError({ code: 'key_required', message: 'This workspace has no API key; add one to continue.' });
      const described = await readServiceProfile({ baseUrl: workspace.baseUrl, key, signal });
      const report = await checkConnection(app.service.clientFor({ ...workspace, profile: described }), signal);
      const profile = { ...described, segmentTimeScale: report.segmentTimeScale ?? workspace.profile.segmentTimeScale };
      workspaces.saveProfile(workspaceId, profile);
      return { profile, checks: report.checks };
    },
    getPreferences: async () => settings.read().preferences,
    setPreferences: async (params) =>
      settings.update((current) => ({ ...current, preferences: { ...current.preferences, ...params } })).preferences,
    saveFile: async (file) => {
      if (!app.fileSaver) {
        throw new ApiError({
          code: 'not_available',
          message: 'This window has no save dialog; download the file instead.',
        });
      }
      return { saved: await app.fileSaver.save(file) };
    },
  };
}
