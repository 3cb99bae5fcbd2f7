import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationName, OperationParams, OperationResult } from '../../../shared/bridge';
import { type AppCore, type AppCoreOptions, createAppCore } from '../app/app-core';
import { createSessionKeyVault } from '../platform/key-vault/session-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore } from '../platform/settings/settings-store';

/** A real app core on a throwaway settings directory with a session-only vault, for tests. */
export function createTempCore(options: Partial<AppCoreOptions> = {}): { core: AppCore; dispose(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-core-'));
  const core = createAppCore({
    mode: 'browser',
    vault: createSessionKeyVault('tests keep keys in memory'),
    settings: openSettingsStore(dir, createConfJsonFile),
    demo: null,
    ...options,
  });
  return {
    core,
    async dispose() {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs an operation on a core and gives its value, failing the test with the error's code when it is refused. */
export function ok<N extends OperationName>(
  core: AppCore,
  op: N,
  params: OperationParams<N>,
): Promise<OperationResult<N>> {
  return core.invoke(op, params).then((settled) => {
    if (!settled.ok) throw new Error(`${op}: expected success, got ${settled.error.code}: ${settled.error.message}`);
    return settled.value as OperationResult<N>;
  });
}
