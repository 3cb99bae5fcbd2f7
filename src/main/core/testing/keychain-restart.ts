import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import type { AppCore, AppCoreOptions } from '../app/app-core';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore } from '../platform/settings/settings-store';
import { createTempCore } from './temp-core';

/**
 * Set by scripts/with-keyring.sh, which runs a real gnome-keyring in a private D-Bus session: only a
 * keychain keeps a copy's key from one run of the app to the next.
 */
export const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

export interface KeychainApp {
  /** The real keychain, under a service name of its own so no test meets another's entries. */
  vault: KeyVault;
  /** The folder of the copies' files. */
  replicaDir: string;
  /** A new key of the seeded organisation's first member, for a workspace of the test's own. */
  apiKey: string;
  /** One run of the app on the same settings, copies and keychain; each closes before the next. */
  start(options?: Partial<AppCoreOptions>): AppCore;
  /** Closes every run and removes the folders. */
  dispose(): Promise<void>;
}

/** An app whose restarts keep what it stored, as the desktop app's do (call only under a keyring). */
export async function keychainApp(service: TestService): Promise<KeychainApp> {
  const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
  if (vault.storage !== 'keychain') throw new Error(`no keychain answers: ${vault.problem}`);
  const settingsDir = mkdtempSync(join(tmpdir(), 'callscope-restart-'));
  const replicaDir = join(settingsDir, 'replicas');
  const org = demoKeyOf(service.manifest!).org;
  const apiKey = (await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id])).trim();
  const runs: (() => Promise<void>)[] = [];
  return {
    vault,
    replicaDir,
    apiKey,
    start(options = {}) {
      const made = createTempCore({
        vault,
        settings: openSettingsStore(settingsDir, createConfJsonFile),
        replica: { dir: replicaDir },
        ...options,
      });
      runs.push(made.dispose);
      return made.core;
    },
    async dispose() {
      for (const dispose of runs.splice(0)) await dispose();
      rmSync(settingsDir, { recursive: true, force: true });
    },
  };
}
