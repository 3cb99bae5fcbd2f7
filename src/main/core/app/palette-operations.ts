import type { AppParts, Handlers } from './operation-handlers';

/** The palette's records: the copy's deals, calls, reps and trackers with the saved searches, in one answer. */
export function paletteOperations(app: AppParts): Handlers<'listPaletteRecords'> {
  const { workspaces, engine, savedSearches } = app;
  return {
    listPaletteRecords: async () => {
      const workspaceId = workspaces.active().id;
      const [records, saved] = await Promise.all([engine.paletteRecords(workspaceId), savedSearches.list(workspaceId)]);
      return { ...records, savedSearches: saved };
    },
  };
}
