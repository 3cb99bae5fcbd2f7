import { type ApiOperationName, DEFAULT_SYNC_BUDGET } from '../../../shared/bridge';
import { createEngine, type Engine, type EngineOptions } from '../engine/engine';
import type { CopySettings, SyncSettings } from '../engine/replica/local-copies';
import type { ReplicaStorageOptions } from '../engine/replica/replicas';
import { startEngineThread } from '../engine/worker/engine-thread';
import type { KeyVault } from '../platform/key-vault/key-vault';
import type { Settings, StoredWorkspace } from '../platform/settings/settings-schema';
import type { SettingsStore } from '../platform/settings/settings-store';
import type { RetryPolicy } from '../service-client/api-client/retry-policy';
import { type BridgeEventListener, quickRetry, type ServiceAccess } from './service-access';

export interface LocalEngineOptions {
  vault: KeyVault;
  settings: SettingsStore;
  retry?: Partial<RetryPolicy>;
  replica?: {
    dir?: string | null;
    revalidateAfterMs?: number;
    sync?: SyncSettings | null;
    storage?: ReplicaStorageOptions;
  };
  engine?: 'worker' | 'this-thread';
  service: ServiceAccess;
  find(workspaceId: string): StoredWorkspace;
  emit: BridgeEventListener;
}

/** What the engine reads of the settings: a copy's on/off choice and scope, the sync's budget, why copies went. */
function copySettingsOf(settings: Settings): CopySettings {
  return {
    localCopyOff: settings.localCopyOff ?? [],
    syncRequestsPerSecond: settings.syncRequestsPerSecond ?? DEFAULT_SYNC_BUDGET,
    localCopyResets: settings.localCopyResets ?? {},
    copyScopes: settings.copyScopes ?? {},
  };
}

/**
 * The app's local engine: in a worker thread of its own, or in this one (tests whose storage
 * options are functions, which cannot cross to a worker), asking the service through the app's
 * door and writing what it says of the copies into the settings.
 */
export function startLocalEngine(options: LocalEngineOptions): { engine: Engine; showActive(): Promise<void> } {
  const { settings, service, emit } = options;
  const engineOptions: EngineOptions = {
    vault: options.vault,
    settings: () => copySettingsOf(settings.read()),
    dir: options.replica?.dir ?? null,
    sync: options.replica?.sync ?? null,
    storage: options.replica?.storage,
    revalidateAfterMs: options.replica?.revalidateAfterMs,
    // The sync's requests get one attempt: it tries again on its own schedule, every try within its budget.
    request: (workspaceId, op, params, signal, purpose, unread) =>
      service.ask(
        options.find(workspaceId),
        op as ApiOperationName,
        params,
        signal,
        purpose === 'sync' ? { ...options.retry, ...quickRetry } : options.retry,
        unread,
      ),
    isOnline: (workspaceId) => service.connectivity.reachOf(workspaceId).online,
    events: {
      syncProgress: (status) => emit('syncProgress', status),
      replicaChanged: (workspaceId, reads) => emit('replicaChanged', { workspaceId, reads }),
      localCopyChanged: (workspaceId) => emit('localCopyChanged', { workspaceId }),
      copyReset: (workspaceId, reset) =>
        settings.update((current) => ({
          ...current,
          localCopyResets: { ...current.localCopyResets, [workspaceId]: reset },
        })),
    },
  };
  const inThisThread = (options.engine ?? 'worker') === 'this-thread' || options.replica?.storage?.maxPageCount;
  const engine = inThisThread ? createEngine(engineOptions) : startEngineThread(engineOptions);
  return {
    engine,
    /** The workspace on screen, if any, syncs; the others do not. */
    async showActive() {
      const { activeWorkspaceId } = settings.read();
      if (activeWorkspaceId) await engine.show(activeWorkspaceId);
    },
  };
}
