import type { z } from 'zod';
import { describeValidationError, type EndpointName, endpoints, startedJobIn } from '../../../shared/api';
import {
  type ApiOperationName,
  type BridgeEventName,
  type BridgeEventPayload,
  type BridgeResult,
  DEFAULT_SYNC_BUDGET,
  type JobRef,
  type NavigationTarget,
  type OperationName,
  type OperationResult,
  operations,
} from '../../../shared/bridge';
import { createEngine, type EngineOptions } from '../engine/engine';
import type { CopySettings, SyncSettings } from '../engine/replica/local-copies';
import type { ReplicaStorageOptions } from '../engine/replica/replicas';
import { createSavedSearches } from '../engine/saved-searches/saved-searches';
import { startEngineThread } from '../engine/worker/engine-thread';
import type { FileSaver } from '../platform/file-saver';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { type Notifier, noNotifier } from '../platform/notifier';
import type { Settings, StoredWorkspace } from '../platform/settings/settings-schema';
import type { SettingsStore } from '../platform/settings/settings-store';
import { type ApiClient, createApiClient } from '../service-client/api-client/api-client';
import { ApiError, isUnreachable, toBridgeError } from '../service-client/api-client/api-error';
import type { RetryPolicy } from '../service-client/api-client/retry-policy';
import { checkConnection } from '../service-client/check-connection';
import { readServiceProfile } from '../service-client/service-profile/read-service-profile';
import { createConnectivity } from './connectivity';
import { finishedJobNotice } from './finished-job-notice';
import { createJobWatcher, type Job, type JobPollingPolicy } from './job-watcher';
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
}

const SAVED_SEARCH_CHECK_EVERY_MS = 3 * 60_000;

/** What the engine reads of the settings: a copy's on/off choice, the sync's budget, why copies went. */
function copySettingsOf(settings: Settings): CopySettings {
  return {
    localCopyOff: settings.localCopyOff ?? [],
    syncRequestsPerSecond: settings.syncRequestsPerSecond ?? DEFAULT_SYNC_BUDGET,
    localCopyResets: settings.localCopyResets ?? {},
  };
}

export type BridgeEventListener = <E extends BridgeEventName>(event: E, payload: BridgeEventPayload<E>) => void;

/** What the preload (over IPC) and browser mode (over HTTP) both put in front of the renderer. */
export interface AppCore {
  /** Never throws: every failure, a bad operation name included, is a BridgeResult. */
  invoke(op: string, params: unknown, callId?: string): Promise<BridgeResult<unknown>>;
  cancel(callId: string): void;
  on(listener: BridgeEventListener): () => void;
  /** Resolves once the engine has closed its copies (their WAL folded back into the files). */
  close(): Promise<void>;
}

type Params<N extends OperationName> = z.output<(typeof operations)[N]['params']>;
type OwnOperationName = Exclude<OperationName, ApiOperationName>;
type Handler<N extends OperationName> = (params: Params<N>, signal: AbortSignal) => Promise<OperationResult<N>>;

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

/** One attempt and no waiting: for a service already known to be unreachable. */
const quickRetry: Partial<RetryPolicy> = { maxAttempts: 1 };

/** Where a finished job's notification leads: the call or the deal it belongs to. */
export function targetForJob(ref: JobRef): NavigationTarget {
  return { screen: ref.kind === 'analysis' ? 'call' : 'deal', id: ref.parentId };
}

function jobRequest(ref: JobRef): { name: 'getAnalysis' | 'getScoring'; params: Record<string, string> } {
  return ref.kind === 'analysis'
    ? { name: 'getAnalysis', params: { id: ref.parentId, analysis_id: ref.jobId } }
    : { name: 'getScoring', params: { id: ref.parentId, scoring_id: ref.jobId } };
}

export function createAppCore(options: AppCoreOptions): AppCore {
  const notifier = options.notifier ?? noNotifier;
  const listeners = new Set<BridgeEventListener>();
  const calls = new Map<string, AbortController>();

  const emit: BridgeEventListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };

  function clientFor(workspace: StoredWorkspace, key?: string, retry = options.retry): ApiClient {
    return createApiClient({
      baseUrl: workspace.baseUrl,
      getKey: async () => key ?? workspaces.keyFor(workspace),
      retry,
      onWait: (wait) => emit('clientWaiting', { workspaceId: workspace.id, ...wait }),
      profile: workspace.profile,
    });
  }

  const workspaces = createWorkspaces({
    vault: options.vault,
    settings: options.settings,
    demo: options.demo,
    clientFor,
    changed: () => emit('workspacesChanged', {}),
  });

  let closed = false;
  const engineOptions: EngineOptions = {
    vault: options.vault,
    settings: () => copySettingsOf(options.settings.read()),
    dir: options.replica?.dir ?? null,
    sync: options.replica?.sync ?? null,
    storage: options.replica?.storage,
    revalidateAfterMs: options.replica?.revalidateAfterMs,
    // The sync's requests get one attempt: it tries again on its own schedule, every try within its budget.
    request: (workspaceId, op, params, signal, purpose) =>
      askService(
        workspaces.find(workspaceId),
        op as ApiOperationName,
        params,
        signal,
        purpose === 'sync' ? { ...options.retry, ...quickRetry } : options.retry,
      ),
    isOnline: (workspaceId) => connectivity.reachOf(workspaceId).online,
    events: {
      syncProgress: (status) => emit('syncProgress', status),
      replicaChanged: (workspaceId, reads) => emit('replicaChanged', { workspaceId, reads }),
      localCopyChanged: (workspaceId) => emit('localCopyChanged', { workspaceId }),
      copyReset: (workspaceId, reset) =>
        options.settings.update((current) => ({
          ...current,
          localCopyResets: { ...current.localCopyResets, [workspaceId]: reset },
        })),
    },
  };
  const inThisThread = (options.engine ?? 'worker') === 'this-thread' || options.replica?.storage?.maxPageCount;
  const engine = inThisThread ? createEngine(engineOptions) : startEngineThread(engineOptions);

  /** The workspace on screen, if any, syncs; the others do not. */
  async function showActive(): Promise<void> {
    const { activeWorkspaceId } = options.settings.read();
    if (activeWorkspaceId) await engine.show(activeWorkspaceId);
  }

  const connectivity = createConnectivity({
    async probe(workspaceId) {
      try {
        await clientFor(workspaces.find(workspaceId), undefined, quickRetry).getMe({});
        return true;
      } catch (error) {
        return error instanceof ApiError && !isUnreachable(error);
      }
    },
    changed: (workspaceId, reach) => {
      emit('connectivityChanged', { workspaceId, ...reach });
      // The sync stopped when the service went away; it carries on when it answers again.
      if (reach.online) void engine.carryOn(workspaceId);
    },
    probeEveryMs: options.replica?.probeEveryMs,
  });

  /** Every request to a workspace's service goes here, so any of them tells whether it answers. */
  async function askService(
    workspace: StoredWorkspace,
    name: ApiOperationName,
    params: Record<string, unknown>,
    signal: AbortSignal,
    retryPolicy = options.retry,
  ) {
    const { idempotencyKey, ...endpointParams } = params;
    const key = await workspaces.keyFor(workspace);
    // A service known to be away gets one attempt, not retries: the screens say it is offline
    // already, and its return is noticed by the probe, which starts them reading again.
    const retry = connectivity.reachOf(workspace.id).online ? retryPolicy : quickRetry;
    try {
      const result = await clientFor(workspace, key ?? undefined, retry).call(name, endpointParams as never, {
        signal,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      connectivity.answered(workspace.id);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'cancelled') {
        if (isUnreachable(error)) connectivity.unreachable(workspace.id);
        else if (error.status !== null) connectivity.answered(workspace.id);
        if (error.status === 401 && key !== null) await keyRefused(workspace, key);
      }
      throw error;
    }
  }

  /** Per workspace, the one request asking whether a key met with a 401 is refused. */
  const confirmingRefusal = new Map<string, Promise<boolean>>();

  /**
   * Whether the service refuses the key for good: one 401 may come from a proxy or a service
   * having a bad moment, and what it costs (the copy deleted, a full sync again) cannot be undone,
   * so the key's own member (`GET /v1/members/me`, which every key may read) must be refused too.
   */
  function refusedForGood(workspace: StoredWorkspace, key: string): Promise<boolean> {
    let confirming = confirmingRefusal.get(workspace.id);
    if (!confirming) {
      confirming = clientFor(workspace, key, quickRetry)
        .getMe({})
        .then(
          () => false,
          (error: unknown) => error instanceof ApiError && error.status === 401,
        )
        .finally(() => confirmingRefusal.delete(workspace.id));
      confirmingRefusal.set(workspace.id, confirming);
    }
    return confirming;
  }

  /** A 401 for the key the workspace still holds (not one replaced meanwhile), confirmed: its copy goes. */
  async function keyRefused(workspace: StoredWorkspace, key: string): Promise<void> {
    if ((await engine.hasKeyGone(workspace.id)) || (await workspaces.keyFor(workspace)) !== key) return;
    if (!(await refusedForGood(workspace, key))) return;
    if ((await workspaces.keyFor(workspace)) === key) await engine.keyGone(workspace.id, 'key-refused');
  }

  const jobs = createJobWatcher({
    policy: options.jobPolling,
    async fetchJob(workspaceId, ref, signal) {
      const { name, params } = jobRequest(ref);
      const response = await clientFor(workspaces.find(workspaceId)).call(name, params as never, { signal });
      return { job: response.data as Job, requestId: response.meta.request_id };
    },
    onUpdate: (workspaceId, ref, { job, requestId }) => {
      void engine.expectChanges(workspaceId);
      emit('jobUpdated', { workspaceId, kind: ref.kind, parentId: ref.parentId, job, requestId });
    },
    onFollowing: (workspaceId, ref, following) =>
      emit('jobFollowing', { workspaceId, kind: ref.kind, parentId: ref.parentId, jobId: ref.jobId, ...following }),
    onFinished(_workspaceId, ref, job) {
      if (notifier.isAppInForeground()) return;
      notifier.notify({
        ...finishedJobNotice(ref.kind, job),
        onClick: () => emit('navigate', targetForJob(ref)),
      });
    },
  });

  const savedSearches = createSavedSearches({
    settings: options.settings,
    notifier,
    changed: (workspaceId) => emit('savedSearchesChanged', { workspaceId }),
    async openCall(workspaceId, videoId) {
      if (workspaces.active().id !== workspaceId) await workspaces.switchTo(workspaceId);
      emit('navigate', { screen: 'call', id: videoId });
    },
  });
  const savedSearchChecks = new AbortController();
  let checkingSavedSearches = false;
  async function checkSavedSearches(): Promise<void> {
    if (checkingSavedSearches || closed) return;
    checkingSavedSearches = true;
    try {
      const workspace = workspaces.active();
      const signal = savedSearchChecks.signal;
      await savedSearches.check(workspace.id, {
        listVideos: (params) => askService(workspace, 'listVideos', params, signal) as never,
        searchTranscripts: (params) => askService(workspace, 'searchTranscripts', params, signal) as never,
      });
    } catch {
      // No workspace, or the service is away: the counts stay as the last check left them.
    } finally {
      checkingSavedSearches = false;
    }
  }
  const savedSearchTimer = setInterval(
    () => void checkSavedSearches(),
    options.savedSearchCheckEveryMs ?? SAVED_SEARCH_CHECK_EVERY_MS,
  );
  savedSearchTimer.unref();

  // The workspace on screen when the app starts syncs from the start, as one opened later does.
  void showActive();

  const own: { [N in OwnOperationName]: Handler<N> } = {
    getAppInfo: async () => ({
      mode: options.mode,
      keyStorage: options.vault.storage,
      keychainProblem: options.vault.problem,
      settingsProblem: options.settings.problem,
      demoAvailable: options.demo !== null,
    }),
    listWorkspaces: () => workspaces.list(),
    openDemoWorkspace: async (_, signal) => {
      const workspace = await workspaces.openDemo(signal);
      await engine.keyAccepted(workspace.id);
      await showActive();
      return workspace;
    },
    addWorkspace: async (params, signal) => {
      const workspace = await workspaces.add(params, signal);
      await engine.keyAccepted(workspace.id);
      await showActive();
      return workspace;
    },
    switchWorkspace: async (params) => {
      const switched = await workspaces.switchTo(params.workspaceId);
      await showActive();
      return switched;
    },
    replaceKey: async ({ workspaceId, apiKey }, signal) => {
      const before = workspaces.find(workspaceId).member?.id;
      const workspace = await workspaces.replaceKey(workspaceId, apiKey, signal);
      // Another member's key may see other calls: what the old one synced is not theirs to read.
      if (before !== workspace.member?.id) await engine.forget(workspaceId, 'key-replaced');
      await engine.keyAccepted(workspaceId);
      await showActive();
      return workspace;
    },
    setWorkspaceCurrency: ({ workspaceId, currency }) => workspaces.setCurrency(workspaceId, currency),
    signOut: async ({ workspaceId }) => {
      await workspaces.forgetKey(workspaceId);
      await engine.keyGone(workspaceId, 'signed-out');
      return { workspaceId };
    },
    revokeKey: async (params, signal) => {
      const revoked = await workspaces.revoke(params.workspaceId, signal);
      await engine.keyGone(params.workspaceId, 'key-revoked');
      return revoked;
    },
    removeWorkspace: async ({ workspaceId }) => {
      await workspaces.remove(workspaceId);
      await engine.removeWorkspace(workspaceId);
      options.settings.update((current) => {
        const { [workspaceId]: _gone, ...resets } = current.localCopyResets ?? {};
        return {
          ...current,
          localCopyOff: current.localCopyOff?.filter((id) => id !== workspaceId),
          localCopyResets: resets,
        };
      });
      await showActive();
      return { workspaceId };
    },
    checkConnection: async ({ workspaceId }, signal) => {
      const workspace = workspaces.find(workspaceId);
      const key = await workspaces.keyFor(workspace);
      if (!key)
        throw new ApiError({ code: 'key_required', message: 'This workspace has no API key; add one to continue.' });
      const described = await readServiceProfile({ baseUrl: workspace.baseUrl, key, signal });
      const report = await checkConnection(clientFor({ ...workspace, profile: described }), signal);
      const profile = { ...described, segmentTimeScale: report.segmentTimeScale ?? workspace.profile.segmentTimeScale };
      workspaces.saveProfile(workspaceId, profile);
      return { profile, checks: report.checks };
    },
    getPreferences: async () => options.settings.read().preferences,
    setPreferences: async (params) =>
      options.settings.update((current) => ({ ...current, preferences: { ...current.preferences, ...params } }))
        .preferences,
    listSavedSearches: async () => savedSearches.list(workspaces.active().id),
    saveSearch: async ({ name, ...query }) => savedSearches.save(workspaces.active().id, { name, ...query }),
    openSavedSearch: async ({ id }) => savedSearches.open(workspaces.active().id, id),
    deleteSavedSearch: async ({ id }) => savedSearches.remove(workspaces.active().id, id),
    listRecentSearches: async () => options.settings.read().recentSearches[workspaces.active().id] ?? [],
    addRecentSearch: async ({ q }) => options.settings.addRecentSearch(workspaces.active().id, q),
    saveFile: async (file) => {
      if (!options.fileSaver) {
        throw new ApiError({
          code: 'not_available',
          message: 'This window has no save dialog; download the file instead.',
        });
      }
      return { saved: await options.fileSaver.save(file) };
    },
    getReplicaStatus: async () => {
      const workspace = workspaces.active();
      const { lastFetchedAt, ...copy } = await engine.copyStatus(workspace.id);
      connectivity.seed(workspace.id, lastFetchedAt === null ? null : new Date(lastFetchedAt).toISOString());
      return { workspaceId: workspace.id, ...copy, ...(await connectivity.check(workspace.id)) };
    },
    getSyncStatus: async () => engine.syncStatus(workspaces.active().id),
    listBoardDeals: async (params, signal) => engine.boardDeals(workspaces.active().id, params, signal),
    searchLocal: async (query, signal) => engine.searchLocal(workspaces.active().id, query, signal),
    getHeldTranscript: async ({ id }) =>
      engine.held(workspaces.active().id, 'getTranscript', { id }) as Promise<OperationResult<'getHeldTranscript'>>,
    pauseSync: async () => engine.pauseSync(workspaces.active().id),
    resumeSync: async () => engine.resumeSync(workspaces.active().id),
    setSyncBudget: async ({ requestsPerSecond }) => {
      options.settings.update((current) => ({ ...current, syncRequestsPerSecond: requestsPerSecond }));
      return engine.syncStatus(workspaces.active().id);
    },
    getLocalCopy: ({ workspaceId }) => {
      workspaces.find(workspaceId);
      return engine.describeCopy(workspaceId);
    },
    setLocalCopy: async ({ workspaceId, on }) => {
      workspaces.find(workspaceId);
      options.settings.update((current) => {
        const others = (current.localCopyOff ?? []).filter((id) => id !== workspaceId);
        return { ...current, localCopyOff: on ? others : [...others, workspaceId] };
      });
      // Off deletes the copy at once; on, the workspace on screen syncs afresh.
      if (!on) await engine.forget(workspaceId, 'turned-off');
      else await showActive();
      return engine.describeCopy(workspaceId);
    },
    removeLocalData: async ({ workspaceId }) => {
      workspaces.find(workspaceId);
      await engine.forget(workspaceId, 'removed');
      // Starts over empty, syncing afresh when it is the workspace on screen (or stays off).
      await showActive();
      return engine.describeCopy(workspaceId);
    },
    watchJob: async (ref) => {
      jobs.watch(workspaces.active().id, ref);
      return {};
    },
    unwatchJob: async (ref) => {
      jobs.unwatch(workspaces.active().id, ref);
      return {};
    },
    findStartedJob: async ({ kind, parentId, known }, signal) => {
      const workspace = workspaces.active();
      const history = kind === 'analysis' ? 'listAnalyses' : 'listScorings';
      const { data } = (await askService(workspace, history, { id: parentId }, signal)) as { data: Job[] };
      // The history the screen reads next asks the service too, so it shows the job found.
      await engine.expectChanges(workspace.id);
      return { jobId: startedJobIn(data, known) ?? null };
    },
  };

  async function callApi(name: ApiOperationName, params: Record<string, unknown>, signal: AbortSignal) {
    const workspace = workspaces.active();
    if (replicatedReads.has(name)) return engine.read(workspace.id, name, params, signal);
    const result = await askService(workspace, name, params, signal);
    if (endpoints[name].method !== 'GET') await engine.expectChanges(workspace.id);
    return result;
  }

  function run(op: OperationName, params: unknown, signal: AbortSignal): Promise<unknown> {
    if (apiOperationNames.has(op)) return callApi(op as ApiOperationName, params as Record<string, unknown>, signal);
    return (own[op as OwnOperationName] as Handler<OwnOperationName>)(params as never, signal);
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
      closed = true;
      clearInterval(savedSearchTimer);
      savedSearchChecks.abort();
      for (const controller of calls.values()) controller.abort();
      jobs.close();
      connectivity.close();
      listeners.clear();
      await engine.close();
    },
  };
}
