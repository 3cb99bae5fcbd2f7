import { describeValidationError, type EndpointName, endpoints } from '../../../shared/api';
import { type ApiOperationName, type BridgeResult, type OperationName, operations } from '../../../shared/bridge';
import type { SyncSettings } from '../engine/replica/local-copies';
import type { ReplicaStorageOptions } from '../engine/replica/replicas';
import { type Clock, systemClock } from '../platform/clock';
import type { FileSaver } from '../platform/file-saver';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { type Notifier, noNotifier } from '../platform/notifier';
import type { StoredWorkspace } from '../platform/settings/settings-schema';
import type { SettingsStore } from '../platform/settings/settings-store';
import { ApiError, toBridgeError } from '../service-client/api-client/api-error';
import type { RetryPolicy } from '../service-client/api-client/retry-policy';
import { coachingOperations } from './coaching-operations';
import { copyOperations } from './copy-operations';
import { followJobs } from './job-following';
import { createJobOutbox } from './job-outbox';
import type { JobPollingPolicy } from './job-watcher';
import { startLocalEngine } from './local-engine';
import { notesOperations } from './notes-operations';
import { notificationOperations } from './notification-operations';
import { startNotificationSchedule } from './notification-schedule';
import type { AppParts, Handlers, OwnOperationName } from './operation-handlers';
import { paletteOperations } from './palette-operations';
import { reviewOperations } from './review-operations';
import { rollupOperations } from './rollup-operations';
import { startSavedSearchChecks } from './saved-search-checks';
import { jobOperations, searchOperations } from './search-and-job-operations';
import { type BridgeEventListener, createServiceAccess } from './service-access';
import { trackerOperations } from './tracker-operations';
import { warningSnoozeOperations } from './warning-snooze-operations';
import { workspaceOperations } from './workspace-operations';
import { createWorkspaces, type DemoConnection } from './workspaces';

export interface AppCoreOptions {
  mode: 'electron' | 'browser';
  vault: KeyVault;
  settings: SettingsStore;
  demo: DemoConnection | null;
  notifier?: Notifier;
  fileSaver?: FileSaver;
  retry?: Partial<RetryPolicy>;
  jobPolling?: Partial<JobPollingPolicy>;
  replica?: {
    /** The folder of the workspaces' encrypted replicas; null or absent keeps them in memory. */
    dir?: string | null;
    /** A stored answer younger than this is served without asking the service again. */
    revalidateAfterMs?: number;
    /** How often an unreachable service is tried again. */
    probeEveryMs?: number;
    /** How often the service of the workspace on screen is asked whether it answers (default 5 s). */
    watchEveryMs?: number;
    /**
     * Sync the active workspace in the background (the app does; tests that count requests do not),
     * a round every `roundEveryMs` (default 5 minutes) while it stays on screen.
     */
    sync?: SyncSettings | null;
    /** How the copy copes with its disk: the probe of a paused copy, the check after a crash, a page limit. */
    storage?: ReplicaStorageOptions;
  };
  /** How often the active workspace's saved searches are counted for new matches. */
  savedSearchCheckEveryMs?: number;
  /**
   * Where the local engine (copies, sync, local search) runs: a worker thread of its own (the
   * app), or this thread. A storage option given as a function (a test's page limit) cannot cross
   * to a worker, so it keeps the engine here.
   */
  engine?: 'worker' | 'this-thread';
  /** The clock of the notification rules' digest and quiet hours (a test's fake one). */
  clock?: Clock;
}

export type { BridgeEventListener };

/** What the preload (over IPC) and browser mode (over HTTP) both put in front of the renderer. */
export interface AppCore {
  /** Never throws: every failure, a bad operation name included, is a BridgeResult. */
  invoke(op: string, params: unknown, callId?: string): Promise<BridgeResult<unknown>>;
  cancel(callId: string): void;
  on(listener: BridgeEventListener): () => void;
  /** Resolves once the engine has closed its copies (their WAL folded back into the files). */
  close(): Promise<void>;
}

/** Bridge operations that are one endpoint each (made by bridge.ts's `apiOperation`). */
const apiOperationNames = new Set<string>(
  Object.entries(operations).flatMap(([name, operation]) => ('endpoint' in operation ? [name] : [])),
);

/**
 * Reads served from the replica first. Not the transcript search (it answers as the user types,
 * a stored answer for every prefix would be noise), nor one job's state (a live job must be current).
 */
const replicatedReads = new Set<string>(
  [...apiOperationNames].filter(
    (name) =>
      endpoints[name as EndpointName].method === 'GET' &&
      !['searchTranscripts', 'getAnalysis', 'getScoring'].includes(name),
  ),
);

export function createAppCore(options: AppCoreOptions): AppCore {
  const listeners = new Set<BridgeEventListener>();
  const calls = new Map<string, AbortController>();
  /** The core's own listeners (the notification rules), told before the window's. */
  const inside: BridgeEventListener[] = [];
  const emit: BridgeEventListener = (event, payload) => {
    for (const listener of inside) listener(event, payload);
    for (const listener of listeners) listener(event, payload);
  };

  const service = createServiceAccess({
    retry: options.retry,
    probeEveryMs: options.replica?.probeEveryMs,
    watchEveryMs: options.replica?.watchEveryMs,
    keyFor: (workspace) => workspaces.keyFor(workspace),
    find: (workspaceId) => workspaces.find(workspaceId),
    emit,
    keyRefused,
    // The sync stopped when the service went away; it carries on when it answers again, and what was queued is sent.
    answersAgain: (workspaceId) => {
      void engine.carryOn(workspaceId);
      outbox.flush(workspaceId);
    },
  });
  const workspaces = createWorkspaces({
    vault: options.vault,
    settings: options.settings,
    demo: options.demo,
    clientFor: service.clientFor,
    changed: () => emit('workspacesChanged', {}),
  });
  const local = startLocalEngine({ ...options, service, find: workspaces.find, emit });
  const { engine } = local;
  const outbox = createJobOutbox({ service, engine, find: workspaces.find, emit, retry: options.retry });
  /**
   * The workspace on screen syncs, its service is watched (the status line reads what it last
   * said), and it sends what it queued while its service could not be reached.
   */
  async function showActive(): Promise<void> {
    const { activeWorkspaceId } = options.settings.read();
    service.connectivity.watch(activeWorkspaceId ?? null);
    await local.showActive();
    if (activeWorkspaceId) outbox.flush(activeWorkspaceId);
  }

  const refusals = new Map<string, Promise<void>>();
  /**
   * A 401 for the key the workspace still holds (not one replaced meanwhile), confirmed: its copy
   * goes. A second 401 met meanwhile (the sync's and a screen's) waits for the same removal, so
   * its request fails only once the copy is gone and Settings say why.
   */
  function keyRefused(workspace: StoredWorkspace, key: string): Promise<void> {
    const running = refusals.get(workspace.id);
    if (running) return running;
    const refusal = (async () => {
      if ((await engine.hasKeyGone(workspace.id)) || (await workspaces.keyFor(workspace)) !== key) return;
      if (!(await service.refusedForGood(workspace, key))) return;
      if ((await workspaces.keyFor(workspace)) === key) await engine.keyGone(workspace.id, 'key-refused');
    })().finally(() => refusals.delete(workspace.id));
    refusals.set(workspace.id, refusal);
    return refusal;
  }

  const notifier = options.notifier ?? noNotifier;
  const clock = options.clock ?? systemClock;
  const notifications = startNotificationSchedule({
    engine,
    notifier,
    clock,
    emit,
    activeWorkspaceId: () => options.settings.read().activeWorkspaceId ?? null,
    async open(workspaceId, target) {
      if (workspaces.active().id !== workspaceId) await workspaces.switchTo(workspaceId);
      emit('navigate', target);
    },
  });
  inside.push(notifications.heard);
  const jobs = followJobs({ policy: options.jobPolling, service, find: workspaces.find, engine, notifier, emit });
  const checks = startSavedSearchChecks({
    settings: options.settings,
    notifier,
    workspaces,
    service,
    emit,
    everyMs: options.savedSearchCheckEveryMs,
  });

  // The workspace on screen when the app starts syncs from the start, as one opened later does.
  void showActive();
  const startedOn = options.settings.read().activeWorkspaceId;
  // Its digest and the end of its quiet hours are waited for from the start, too.
  if (startedOn) void notifications.rescheduled(startedOn);

  const app: AppParts = {
    mode: options.mode,
    vault: options.vault,
    settings: options.settings,
    demoAvailable: options.demo !== null,
    fileSaver: options.fileSaver,
    workspaces,
    service,
    engine,
    jobs,
    outbox,
    savedSearches: checks.savedSearches,
    emit,
    showActive,
  };
  const own: Handlers<OwnOperationName> = {
    ...workspaceOperations(app),
    ...copyOperations(app),
    ...rollupOperations(app),
    ...coachingOperations(app),
    ...searchOperations(app),
    ...jobOperations(app),
    ...reviewOperations(app),
    ...trackerOperations(app),
    ...notesOperations(app),
    ...notificationOperations(app, notifications, clock),
    ...paletteOperations(app),
    ...warningSnoozeOperations(app),
  };

  async function callApi(name: ApiOperationName, params: Record<string, unknown>, signal: AbortSignal) {
    const workspace = workspaces.active();
    if (replicatedReads.has(name)) return engine.read(workspace.id, name, params, signal);
    const result = await service.ask(workspace, name, params, signal);
    if (endpoints[name].method !== 'GET') await engine.expectChanges(workspace.id);
    return result;
  }

  function run(op: OperationName, params: unknown, signal: AbortSignal): Promise<unknown> {
    if (apiOperationNames.has(op)) return callApi(op as ApiOperationName, params as Record<string, unknown>, signal);
    return (own[op as OwnOperationName] as (params: never, signal: AbortSignal) => Promise<unknown>)(
      params as never,
      signal,
    );
  }

  return {
    async invoke(op, params, callId) {
      if (typeof op !== 'string' || !Object.hasOwn(operations, op)) {
        return {
          ok: false,
          error: new ApiError({ code: 'unknown_operation', message: `Unknown operation.` }).toBridgeError(),
        };
      }
      const schema = operations[op as OperationName].params;
      const parsed = schema.safeParse(params ?? {});
      if (!parsed.success) {
        const message = describeValidationError(parsed.error);
        return { ok: false, error: new ApiError({ code: 'invalid_params', message }).toBridgeError() };
      }
      const controller = new AbortController();
      if (callId) calls.set(callId, controller);
      try {
        return { ok: true, value: await run(op as OperationName, parsed.data, controller.signal) };
      } catch (error) {
        if (!(error instanceof ApiError)) console.error(`callscope: ${op} failed unexpectedly`, error);
        return { ok: false, error: toBridgeError(error) };
      } finally {
        if (callId) calls.delete(callId);
      }
    },
    cancel(callId) {
      calls.get(callId)?.abort();
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      checks.stop();
      notifications.close();
      for (const controller of calls.values()) controller.abort();
      jobs.close();
      outbox.close();
      service.connectivity.close();
      listeners.clear();
      await engine.close();
    },
  };
}
