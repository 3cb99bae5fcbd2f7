import { z } from 'zod';
import {
  CopyScope,
  CurrencyCode,
  defaultServiceProfile,
  LocalCopyReset,
  Preferences,
  SAVED_SEARCHES_CAP,
  SavedSearch,
  ServiceProfile,
  SyncBudget,
  Theme,
} from '../../../../shared/bridge';
import { isAllowedBaseUrl } from './base-url';

export const SETTINGS_VERSION = 2;
export const RECENT_SEARCHES_CAP = 10;

export const StoredWorkspace = z.object({
  id: z.string().min(1),
  name: z.string(),
  baseUrl: z.string().refine(isAllowedBaseUrl, 'must be https, or http on a loopback address'),
  kind: z.enum(['demo', 'custom']),
  member: z.object({ id: z.string(), display_name: z.string(), email: z.string().nullable() }).nullable(),
  /** Read when the workspace is added and by "Check connection"; files from before it get the defaults. */
  profile: ServiceProfile.default(defaultServiceProfile),
  /** Set in settings; files from before it: none (plain numbers). */
  currency: CurrencyCode.nullable().default(null),
});
export type StoredWorkspace = z.infer<typeof StoredWorkspace>;

export const StoredSavedSearch = SavedSearch.extend({ workspaceId: z.string().min(1) });
export type StoredSavedSearch = z.infer<typeof StoredSavedSearch>;

export const WindowBounds = z.object({
  x: z.int().optional(),
  y: z.int().optional(),
  width: z.int().min(200),
  height: z.int().min(200),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof WindowBounds>;

export const Settings = z.object({
  version: z.literal(SETTINGS_VERSION),
  workspaces: z.array(StoredWorkspace),
  activeWorkspaceId: z.string().nullable(),
  windowBounds: WindowBounds.nullable(),
  preferences: Preferences,
  /** Each workspace's own, most recent first, by workspace id. */
  recentSearches: z.record(z.string(), z.array(z.string()).max(RECENT_SEARCHES_CAP)),
  /** Every workspace's, each marked with its own; files from before them: none. */
  savedSearches: z.array(StoredSavedSearch).max(SAVED_SEARCHES_CAP).default([]),
  /** The background sync's request budget; absent: the default. */
  syncRequestsPerSecond: SyncBudget.optional(),
  /** Workspaces whose local copy the person turned off (Settings); absent: none. */
  localCopyOff: z.array(z.string()).optional(),
  /** Per workspace id, the last time its local copy was deleted or rebuilt, and why; absent: never. */
  localCopyResets: z.record(z.string(), LocalCopyReset).optional(),
  /** Per workspace id, what its local copy keeps; absent: everything. */
  copyScopes: z.record(z.string(), CopyScope).optional(),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  version: SETTINGS_VERSION,
  workspaces: [],
  activeWorkspaceId: null,
  windowBounds: null,
  preferences: { theme: Theme.enum.system },
  recentSearches: {},
  savedSearches: [],
};

/**
 * Settings without what they keep for one workspace, its searches saved or recent: removing a
 * workspace takes them with it, so the same id added again (the demo's) starts without them.
 */
export function withoutWorkspaceSearches(settings: Settings, workspaceId: string): Settings {
  const { [workspaceId]: _removed, ...recentSearches } = settings.recentSearches;
  return {
    ...settings,
    recentSearches,
    savedSearches: settings.savedSearches.filter((saved) => saved.workspaceId !== workspaceId),
  };
}
