import { defaultSettings } from './settings-schema';

/**
 * Each entry turns a file of version N (an unversioned file is version 0) into version N + 1.
 * Append, never edit: a person's file may be of any past version.
 */
type Migration = (data: Record<string, unknown>) => Record<string, unknown>;

const migrations: Migration[] = [
  // Version 0: a file written by hand or by a build before settings were versioned; keep what
  // it has and fill in the rest (validation afterwards decides whether what it has is usable).
  (data) => ({ ...defaultSettings, ...data, version: 1 }),
  // Version 1: one list of recent searches served every workspace, so one workspace's were offered
  // in another's. It becomes the open workspace's (with none open, the first one's): the searches
  // were typed in a workspace, most likely the one used most. Saved searches of workspaces removed
  // before removal took them along go now: nothing shows them, yet they count toward the cap.
  (data) => {
    const ids = (Array.isArray(data.workspaces) ? data.workspaces : []).map((workspace) => workspace?.id);
    const owner = ids.includes(data.activeWorkspaceId) ? data.activeWorkspaceId : ids[0];
    const recent = Array.isArray(data.recentSearches) ? data.recentSearches : [];
    const saved = Array.isArray(data.savedSearches) ? data.savedSearches : [];
    return {
      ...data,
      version: 2,
      recentSearches: typeof owner === 'string' && recent.length > 0 ? { [owner]: recent } : {},
      savedSearches: saved.filter((search) => ids.includes(search?.workspaceId)),
    };
  },
];

export function migrateSettings(data: Record<string, unknown>): Record<string, unknown> {
  let current = data;
  const from = typeof current.version === 'number' ? current.version : 0;
  for (let version = from; version < migrations.length; version++) {
    current = migrations[version]!(current);
  }
  return current;
}
