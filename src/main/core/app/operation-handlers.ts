import type { z } from 'zod';
import type { ApiOperationName, OperationName, OperationResult, operations } from '../../../shared/bridge';
import type { Engine } from '../engine/engine';
import type { SavedSearches } from '../engine/saved-searches/saved-searches';
import type { FileSaver } from '../platform/file-saver';
import type { KeyVault } from '../platform/key-vault/key-vault';
import type { SettingsStore } from '../platform/settings/settings-store';
import type { JobOutbox } from './job-outbox';
import type { JobWatcher } from './job-watcher';
import type { BridgeEventListener, ServiceAccess } from './service-access';
import type { Workspaces } from './workspaces';

/** The bridge operations the app answers itself (the others are one endpoint each). */
export type OwnOperationName = Exclude<OperationName, ApiOperationName>;
type Params<N extends OperationName> = z.output<(typeof operations)[N]['params']>;
type Handler<N extends OperationName> = (params: Params<N>, signal: AbortSignal) => Promise<OperationResult<N>>;

/** Handlers of some of the app's own operations, by name. */
export type Handlers<N extends OwnOperationName> = { [K in N]: Handler<K> };

/** The parts of the app that its operations use. */
export interface AppParts {
  mode: 'electron' | 'browser';
  vault: KeyVault;
  settings: SettingsStore;
  demoAvailable: boolean;
  fileSaver: FileSaver | undefined;
  workspaces: Workspaces;
  service: ServiceAccess;
  engine: Engine;
  jobs: JobWatcher;
  outbox: JobOutbox;
  savedSearches: SavedSearches;
  emit: BridgeEventListener;
  /** The workspace on screen, if any, syncs; the others do not. */
  showActive(): Promise<void>;
}
