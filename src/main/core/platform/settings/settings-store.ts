import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, narrowIfPresent, PRIVATE_FILE_MODE } from '../../../../node-shared/private-files';
import { migrateSettings } from './settings-migrations';
import { defaultSettings, RECENT_SEARCHES_CAP, Settings } from './settings-schema';

/** What Conf and electron-store both are: a JSON file whose whole content is `store`. */
export interface JsonFile {
  store: Record<string, unknown>;
  readonly path: string;
}
/** The file must be created with `fileMode` (Conf's and electron-store's `configFileMode`). */
export type JsonFileFactory = (options: { cwd: string; configName: string; fileMode: number }) => JsonFile;

export interface SettingsStore {
  read(): Settings;
  update(change: (current: Settings) => Settings): Settings;
  /** Puts `q` first in the workspace's recent searches; returns them. */
  addRecentSearch(workspaceId: string, q: string): string[];
  /** Set when the file on disk was unusable and defaults replaced it; shown to the person. */
  readonly problem: string | null;
}

const CONFIG_NAME = 'settings';

interface Loaded {
  settings: Settings;
  problem: string | null;
}

function loadExisting(path: string): Loaded {
  if (!existsSync(path)) return { settings: defaultSettings, problem: null };
  try {
    const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not a JSON object');
    return { settings: Settings.parse(migrateSettings(raw as Record<string, unknown>)), problem: null };
  } catch {
    // Kept beside it rather than deleted: the person (or support) may want what was in it.
    const keptAt = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, keptAt);
    return {
      settings: defaultSettings,
      problem: `The settings file could not be read, so Callscope started with default settings. The old file was kept at ${keptAt}.`,
    };
  }
}

/**
 * Settings validated on the way in and out. The file is checked before the store opens it,
 * because Conf throws on a file it cannot parse and electron-store would crash the app.
 */
export function openSettingsStore(cwd: string, createFile: JsonFileFactory): SettingsStore {
  // The folder and file name the person's workspaces and their members (keys stay in the keychain).
  ensurePrivateDir(cwd);
  const path = join(cwd, `${CONFIG_NAME}.json`);
  narrowIfPresent(path);
  const { settings, problem } = loadExisting(path);
  const file = createFile({ cwd, configName: CONFIG_NAME, fileMode: PRIVATE_FILE_MODE });
  file.store = settings;
  let current = settings;

  const update = (change: (value: Settings) => Settings): Settings => {
    current = Settings.parse(change(current));
    file.store = current;
    return current;
  };

  return {
    problem,
    read: () => current,
    update,
    addRecentSearch: (workspaceId, q) => {
      const earlier = current.recentSearches[workspaceId] ?? [];
      const recent = [q, ...earlier.filter((other) => other !== q)].slice(0, RECENT_SEARCHES_CAP);
      update((value) => ({ ...value, recentSearches: { ...value.recentSearches, [workspaceId]: recent } }));
      return recent;
    },
  };
}
