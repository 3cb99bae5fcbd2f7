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
];

export function migrateSettings(data: Record<string, unknown>): Record<string, unknown> {
  let current = data;
  const from = typeof current.version === 'number' ? current.version : 0;
  for (let version = from; version < migrations.length; version++) {
    current = migrations[version]!(current);
  }
  return current;
}
