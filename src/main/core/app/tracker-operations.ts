import type { AppParts, Handlers } from './operation-handlers';

type TrackerOperation = 'listTrackers' | 'saveTracker' | 'removeTracker' | 'getTrackerReport' | 'listTrackerHits';

/** The manager's trackers in the active workspace's local copy, and what they find. */
export function trackerOperations(app: AppParts): Handlers<TrackerOperation> {
  const { workspaces, engine } = app;
  return {
    listTrackers: async () => engine.listTrackers(workspaces.active().id),
    saveTracker: async (params) => engine.saveTracker(workspaces.active().id, params),
    removeTracker: async (params) => engine.removeTracker(workspaces.active().id, params),
    getTrackerReport: async (params, signal) => engine.trackerReport(workspaces.active().id, params, signal),
    listTrackerHits: async (params) => engine.trackerHits(workspaces.active().id, params),
  };
}
