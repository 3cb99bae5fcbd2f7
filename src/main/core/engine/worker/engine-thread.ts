import type {
  ApiResult,
  BoardDeals,
  CallRows,
  ChangedRead,
  CoachingCopy,
  DealCalls,
  SyncStatus,
} from '../../../../shared/bridge';
import { NO_REVIEW_QUEUE } from '../../../../shared/bridge';
import { WHOLE_WORKSPACE } from '../../../../shared/copy-scope';
import { ApiError } from '../../service-client/api-client/api-error';
import type { CopyStatus, Engine, EngineOptions } from '../engine';
import { notFoundIn } from '../replica/kept-not-found';
import { mergedSearch } from '../replica/merged-search';
import { dealCallsFromActivities } from '../replica/model/deal-calls';
import type { ServiceHit } from '../replica/service-hits';
import { type CopyReaderThread, startCopyReaderThread } from './copy-reader-thread';
import { createCopyStatuses } from './copy-statuses';
import { appContract, type EngineWorkerData, type engineContract, toEngineEvents } from './engine-contract';
import { startWorkerHost } from './worker-host';

/** Run from source (tests, browser mode under tsx) the worker is the .ts beside this; built, the .js. */
const workerFile = import.meta.url.endsWith('.ts') ? 'engine-worker.ts' : 'engine-worker.js';

/** While the worker starts for the first time there is nothing to say of a copy: none is read from. */
const noCopyStatus: CopyStatus = { storage: 'off', lastFetchedAt: null, storingPaused: null, rebuilt: null };

/** While the worker starts again, the coaching screens say the copy is a moment away, rather than guess. */
const restarting: CoachingCopy = { kind: 'none', reason: 'unavailable' };
const noFigures = { calls: 0, talkShare: null, longestMonologue: null, questions: null, switchesPerMinute: null };

/** A kept answer as the service gave it: its data, or its 404 again. */
function replay(body: unknown): unknown {
  const notFound = notFoundIn(body);
  if (notFound) throw notFound;
  return body;
}

const unavailable = (error: unknown) => error instanceof ApiError && error.code === 'engine_unavailable';

/**
 * The engine in a worker thread of its own, behind the same `Engine` the app uses in this thread.
 * Main only routes: it answers the worker's requests to the service and for the copies' keys, and
 * tells it the settings and whether each service answers as they change. While the worker starts
 * again after a crash the app keeps answering: reads go to the service, statuses say what they
 * said last, and what must not be lost (a copy to delete) waits for the new worker.
 */
export function startEngineThread(
  options: EngineOptions,
): Engine & { restarts(): number; kill(): Promise<number>; reader: CopyReaderThread | null } {
  const data: EngineWorkerData = {
    dir: options.dir,
    sync: options.sync,
    storage: { probeEveryMs: options.storage?.probeEveryMs, checkAfterMs: options.storage?.checkAfterMs },
    revalidateAfterMs: options.revalidateAfterMs,
    keyStorage: options.vault.storage,
  };
  /** What the worker was last told, to tell a new one, and only what changed to the running one. */
  let toldSettings = '';
  const toldOnline = new Map<string, boolean>();
  let onScreen: string | null = null;
  const copyStatuses = createCopyStatuses((workspaceId) => ask('copyStatus', { workspaceId }) as Promise<CopyStatus>);
  const lastSyncStatus = new Map<string, SyncStatus>();

  const host = startWorkerHost<typeof appContract, typeof engineContract>({
    entry: new URL(workerFile, import.meta.url),
    data,
    serves: appContract,
    handlers: {
      request: ({ workspaceId, op, params, purpose }, signal) =>
        options.request(workspaceId, op, params, signal, purpose, true),
      vaultGet: ({ account }) => options.vault.get(account),
      vaultSet: ({ account, key }) => options.vault.set(account, key),
      vaultDelete: ({ account }) => options.vault.delete(account),
    },
    onEvent(name, payload) {
      const { events } = options;
      if (name === 'syncProgress') {
        const status = payload as SyncStatus;
        lastSyncStatus.set(status.workspaceId, status);
        events.syncProgress(status);
      } else if (name === 'replicaChanged') {
        const { workspaceId, reads } = payload as { workspaceId: string; reads: ChangedRead[] };
        events.replicaChanged(workspaceId, reads);
      } else if (name === 'localCopyChanged') {
        const { workspaceId } = payload as { workspaceId: string };
        copyStatuses.changed(workspaceId);
        void reader?.changed(workspaceId);
        events.localCopyChanged(workspaceId);
      } else if (name === 'copyReset') {
        const { workspaceId, reset } = payload as {
          workspaceId: string;
          reset: Parameters<typeof events.copyReset>[1];
        };
        copyStatuses.changed(workspaceId);
        void reader?.changed(workspaceId);
        events.copyReset(workspaceId, reset);
      }
    },
    onStart() {
      // A new worker knows nothing: the settings, each service's reach and the workspace on screen.
      toldSettings = '';
      toldOnline.clear();
      copyStatuses.changedAll();
      tell();
      for (const workspaceId of knownWorkspaces) tellOnline(workspaceId);
      if (onScreen) void host.call('show', { workspaceId: onScreen }).catch(() => {});
    },
  });
  const knownWorkspaces = new Set<string>();
  /** Per workspace, when the app last changed something on the service: a copy read before then is the engine's to answer. */
  const changedAt = new Map<string, number>();
  const revalidateAfterMs = options.revalidateAfterMs ?? 5_000;

  // Copies in files are read on a connection and thread of their own (WAL), so reads are not held up by the sync's writes.
  const reader = options.dir
    ? startCopyReaderThread({
        dir: options.dir,
        vaultGet: (account) => options.vault.get(account),
        async copyStores(workspaceId) {
          const status = await copyStatuses.get(workspaceId);
          return status.storage === 'file' && status.storingPaused === null;
        },
      })
    : null;

  /**
   * A read the copy reader answers when the copy holds it and nothing the app changed since asks
   * the service first, past its age asked again by the engine in the background, as the engine
   * would; otherwise null, and the engine answers.
   */
  async function readFromCopy(workspaceId: string, op: string, params: Record<string, unknown>) {
    const stored = await reader?.storedAnswer(workspaceId, op, params);
    if (!stored || stored.fetchedAt < (changedAt.get(workspaceId) ?? 0)) return null;
    if (Date.now() - stored.fetchedAt >= revalidateAfterMs && options.isOnline(workspaceId)) {
      void ask('revalidate', { workspaceId, op, params }).catch(() => {});
    }
    return { body: stored.body };
  }

  function tell(): void {
    const settings = JSON.stringify(options.settings());
    if (settings === toldSettings) return;
    if (toldSettings) {
      copyStatuses.changedAll();
      reader?.changedAll();
    }
    toldSettings = settings;
    host.emit(toEngineEvents.settings, JSON.parse(settings));
  }

  function tellOnline(workspaceId: string): void {
    const online = options.isOnline(workspaceId);
    if (toldOnline.get(workspaceId) === online) return;
    toldOnline.set(workspaceId, online);
    host.emit(toEngineEvents.online, { workspaceId, online });
  }

  /** A call of the worker, after telling it what changed since the last one. */
  function ask<N extends keyof typeof engineContract & string>(
    op: N,
    params: Parameters<typeof host.call<N>>[1],
    signal?: AbortSignal,
  ) {
    tell();
    const { workspaceId } = params as { workspaceId?: string };
    if (workspaceId) {
      knownWorkspaces.add(workspaceId);
      tellOnline(workspaceId);
    }
    return host.call(op, params, signal);
  }

  /** For what must not be lost (a copy to delete): while the worker starts again, waits for the new one. */
  async function surely<N extends keyof typeof engineContract & string>(
    op: N,
    params: Parameters<typeof host.call<N>>[1],
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ask(op, params);
      } catch (error) {
        if (!unavailable(error) || attempt >= 5) throw error;
        await host.whenUp();
      }
    }
  }

  /** For what the app can do without the worker: its answer, or `instead` while it is away. */
  async function orElse<T>(answer: Promise<T>, instead: () => T | Promise<T>): Promise<T> {
    try {
      return await answer;
    } catch (error) {
      if (!unavailable(error)) throw error;
      return instead();
    }
  }

  /** What removes or replaces a copy: the reader lets it go before, and asks the engine again after. */
  async function changing<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
    copyStatuses.changed(workspaceId);
    await reader?.changed(workspaceId);
    try {
      return await work();
    } finally {
      copyStatuses.changed(workspaceId);
      void reader?.changed(workspaceId);
    }
  }

  const offStatus = (workspaceId: string): SyncStatus => ({
    workspaceId,
    state: 'off',
    calls: { known: 0, synced: 0, failing: 0, skipped: 0, skippedIds: [] },
    deals: { known: 0, synced: 0, failing: 0, skipped: 0, skippedIds: [] },
    problem: null,
    nextAttemptAt: null,
    requestsPerSecond: options.settings().syncRequestsPerSecond,
    scope: options.settings().copyScopes[workspaceId] ?? WHOLE_WORKSPACE,
    scopeSince: null,
  });

  return {
    async read(workspaceId, op, params, signal) {
      tell();
      const fromCopy = await readFromCopy(workspaceId, op, params);
      if (fromCopy) return replay(fromCopy.body);
      return orElse(ask('read', { workspaceId, op, params }, signal), () =>
        options.request(workspaceId, op, params, signal, 'read'),
      );
    },
    revalidate: (workspaceId, op, params) => orElse(ask('revalidate', { workspaceId, op, params }), () => undefined),
    held: (workspaceId, op, params) => orElse(ask('held', { workspaceId, op, params }), () => null),
    expectChanges(workspaceId) {
      changedAt.set(workspaceId, Date.now() + 1);
      return orElse(ask('expectChanges', { workspaceId }), () => undefined);
    },
    boardDeals: (workspaceId, query, signal) =>
      orElse(ask('boardDeals', { workspaceId, query }, signal) as Promise<BoardDeals>, async () => ({
        ...((await options.request(workspaceId, 'listDeals', { ...query }, signal, 'read')) as BoardDeals),
        facts: {},
        totals: null,
      })),
    callRows: (workspaceId, query, signal) =>
      orElse(ask('callRows', { workspaceId, query }, signal) as Promise<CallRows>, async () => ({
        ...((await options.request(workspaceId, 'listVideos', { ...query }, signal, 'read')) as CallRows),
        deals: {},
        from: 'service' as const,
      })),
    dealCalls: (workspaceId, query, signal) =>
      orElse(ask('dealCalls', { workspaceId, query }, signal) as Promise<DealCalls>, async () => {
        const { id, cursor, limit } = query;
        const activities = await options.request(workspaceId, 'listActivities', { id, cursor, limit }, signal, 'read');
        return dealCallsFromActivities(activities as ApiResult<'listActivities'>);
      }),
    searchLocal: (workspaceId, query, signal) =>
      orElse(ask('searchLocal', { workspaceId, query }, signal) as ReturnType<Engine['searchLocal']>, () =>
        mergedSearch({
          db: null,
          copyUnreadable: true,
          query,
          knownCalls: 0,
          searchService: async (q, dealId, videoId) =>
            (await options.request(
              workspaceId,
              'searchTranscripts',
              { q, limit: 100, deal_id: dealId, video_id: videoId },
              signal,
              'read',
            )) as { data: ServiceHit[] },
        }),
      ),
    // Nothing stands in for the copy while the worker starts again: these fail as engine_unavailable.
    rollup: (workspaceId, query, workspaceCurrency) =>
      ask('rollup', { workspaceId, query, workspaceCurrency }) as ReturnType<Engine['rollup']>,
    setOverlay: (workspaceId, dealId, overlay) =>
      surely('setOverlay', { workspaceId, dealId, overlay }) as ReturnType<Engine['setOverlay']>,
    // The manager's own data: only the worker holds it, so a call waits for a worker starting again.
    whatChanged: (workspaceId, query) =>
      surely('whatChanged', { workspaceId, query }) as ReturnType<Engine['whatChanged']>,
    dealReviewPack: (workspaceId, query) =>
      surely('dealReviewPack', { workspaceId, query }) as ReturnType<Engine['dealReviewPack']>,
    dealReviewPacks: (workspaceId, query) =>
      surely('dealReviewPacks', { workspaceId, query }) as ReturnType<Engine['dealReviewPacks']>,
    listBookmarks: (workspaceId) => surely('listBookmarks', { workspaceId }) as ReturnType<Engine['listBookmarks']>,
    markReviewed: (workspaceId, mark) =>
      surely('markReviewed', { workspaceId, mark }) as ReturnType<Engine['markReviewed']>,
    saveBookmark: (workspaceId, bookmark) =>
      surely('saveBookmark', { workspaceId, bookmark }) as ReturnType<Engine['saveBookmark']>,
    removeBookmark: (workspaceId, bookmark) =>
      surely('removeBookmark', { workspaceId, bookmark }) as ReturnType<Engine['removeBookmark']>,
    listNotes: (workspaceId, query) => surely('listNotes', { workspaceId, query }) as ReturnType<Engine['listNotes']>,
    saveNote: (workspaceId, note) => surely('saveNote', { workspaceId, note }) as ReturnType<Engine['saveNote']>,
    removeNote: (workspaceId, note) => surely('removeNote', { workspaceId, note }) as ReturnType<Engine['removeNote']>,
    listWarningSnoozes: (workspaceId) =>
      surely('listWarningSnoozes', { workspaceId }) as ReturnType<Engine['listWarningSnoozes']>,
    snoozeWarning: (workspaceId, snooze) =>
      surely('snoozeWarning', { workspaceId, snooze }) as ReturnType<Engine['snoozeWarning']>,
    removeWarningSnooze: (workspaceId, warning) =>
      surely('removeWarningSnooze', { workspaceId, warning }) as ReturnType<Engine['removeWarningSnooze']>,
    oneOnOneBrief: (workspaceId, query) =>
      surely('oneOnOneBrief', { workspaceId, query }) as ReturnType<Engine['oneOnOneBrief']>,
    markOneOnOne: (workspaceId, mark) =>
      surely('markOneOnOne', { workspaceId, mark }) as ReturnType<Engine['markOneOnOne']>,
    addActionItem: (workspaceId, item) =>
      surely('addActionItem', { workspaceId, item }) as ReturnType<Engine['addActionItem']>,
    setActionItemDone: (workspaceId, item) =>
      surely('setActionItemDone', { workspaceId, item }) as ReturnType<Engine['setActionItemDone']>,
    removeActionItem: (workspaceId, item) =>
      surely('removeActionItem', { workspaceId, item }) as ReturnType<Engine['removeActionItem']>,
    queuedJobs: (workspaceId, change) =>
      surely('queuedJobs', { workspaceId, change }) as ReturnType<Engine['queuedJobs']>,
    notificationsView: (workspaceId) =>
      surely('notificationsView', { workspaceId }) as ReturnType<Engine['notificationsView']>,
    saveNotificationSettings: (workspaceId, settings, now) =>
      surely('saveNotificationSettings', { workspaceId, settings, now }) as ReturnType<
        Engine['saveNotificationSettings']
      >,
    evaluateNotifications: (workspaceId, now) =>
      surely('evaluateNotifications', { workspaceId, now }) as ReturnType<Engine['evaluateNotifications']>,
    takeNowNotifications: (workspaceId, now) =>
      surely('takeNowNotifications', { workspaceId, now }) as ReturnType<Engine['takeNowNotifications']>,
    sendDigest: (workspaceId, now) => surely('sendDigest', { workspaceId, now }) as ReturnType<Engine['sendDigest']>,
    repDeals: (workspaceId, query) =>
      orElse(ask('repDeals', { workspaceId, query }) as ReturnType<Engine['repDeals']>, () => ({
        copy: restarting,
        deals: [],
        facts: {},
      })),
    repFigures: (workspaceId, query) =>
      orElse(ask('repFigures', { workspaceId, query }) as ReturnType<Engine['repFigures']>, () => ({
        copy: restarting,
        calls: [],
        rep: noFigures,
        team: noFigures,
        weeks: [],
      })),
    checklistMatrix: (workspaceId, query) =>
      orElse(ask('checklistMatrix', { workspaceId, query }) as ReturnType<Engine['checklistMatrix']>, () => ({
        copy: restarting,
        items: [],
        rows: [],
        unattributed: 0,
      })),
    // Trackers are the manager's own data: a call waits for a worker starting again.
    listTrackers: (workspaceId) => surely('listTrackers', { workspaceId }) as ReturnType<Engine['listTrackers']>,
    saveTracker: (workspaceId, tracker) =>
      surely('saveTracker', { workspaceId, tracker }) as ReturnType<Engine['saveTracker']>,
    removeTracker: (workspaceId, tracker) =>
      surely('removeTracker', { workspaceId, tracker }) as ReturnType<Engine['removeTracker']>,
    trackerReport: (workspaceId, tracker, signal) =>
      ask('trackerReport', { workspaceId, tracker }, signal) as ReturnType<Engine['trackerReport']>,
    trackerHits: (workspaceId, query) =>
      surely('trackerHits', { workspaceId, query }) as ReturnType<Engine['trackerHits']>,
    trackerHitsSince: (workspaceId, since) =>
      surely('trackerHitsSince', { workspaceId, since }) as ReturnType<Engine['trackerHitsSince']>,
    checklistMisses: (workspaceId, query) =>
      orElse(ask('checklistMisses', { workspaceId, query }) as ReturnType<Engine['checklistMisses']>, () => ({
        copy: restarting,
        misses: [],
      })),
    reviewQueue: (workspaceId, query) =>
      orElse(ask('reviewQueue', { workspaceId, query }) as ReturnType<Engine['reviewQueue']>, () => ({
        copy: restarting,
        ...NO_REVIEW_QUEUE,
      })),
    // The manager's own data: a decision waits for a worker starting again rather than being lost.
    setReviewDecision: (workspaceId, callId, decision) =>
      surely('setReviewDecision', { workspaceId, callId, decision }) as ReturnType<Engine['setReviewDecision']>,
    markReviewPass: (workspaceId, pass) =>
      surely('markReviewPass', { workspaceId, pass }) as ReturnType<Engine['markReviewPass']>,
    oneOnOneCalls: (workspaceId, query) =>
      surely('oneOnOneCalls', { workspaceId, query }) as ReturnType<Engine['oneOnOneCalls']>,
    paletteRecords: (workspaceId) =>
      orElse(ask('paletteRecords', { workspaceId }) as ReturnType<Engine['paletteRecords']>, () => ({
        deals: [],
        calls: [],
        reps: [],
        trackers: [],
        capped: false,
        from: 'none' as const,
      })),
    copyStatus: (workspaceId) =>
      orElse(copyStatuses.get(workspaceId), () => copyStatuses.last(workspaceId) ?? noCopyStatus),
    describeCopy: (workspaceId) => surely('describeCopy', { workspaceId }) as ReturnType<Engine['describeCopy']>,
    async syncStatus(workspaceId) {
      const status = await orElse(
        ask('syncStatus', { workspaceId }) as Promise<SyncStatus>,
        () => lastSyncStatus.get(workspaceId) ?? offStatus(workspaceId),
      );
      lastSyncStatus.set(workspaceId, status);
      return status;
    },
    async show(workspaceId) {
      onScreen = workspaceId;
      // A new worker is shown it on start.
      await orElse(ask('show', { workspaceId }), () => undefined);
    },
    applyScope: (workspaceId) => surely('applyScope', { workspaceId }),
    pauseSync: (workspaceId) => surely('pauseSync', { workspaceId }) as Promise<SyncStatus>,
    resumeSync: (workspaceId) => surely('resumeSync', { workspaceId }) as Promise<SyncStatus>,
    carryOn: (workspaceId) => orElse(ask('carryOn', { workspaceId }), () => undefined),
    forget: (workspaceId, reason) => changing(workspaceId, () => surely('forget', { workspaceId, reason })),
    keyGone: (workspaceId, reason) => changing(workspaceId, () => surely('keyGone', { workspaceId, reason })),
    keyAccepted: (workspaceId) => changing(workspaceId, () => surely('keyAccepted', { workspaceId })),
    hasKeyGone: (workspaceId) => orElse(ask('hasKeyGone', { workspaceId }), () => false),
    removeWorkspace: (workspaceId) => changing(workspaceId, () => surely('removeWorkspace', { workspaceId })),
    async close() {
      // The engine closes its copies (their WAL folded back) before the thread ends.
      await reader?.close();
      await ask('close', {}).catch(() => {});
      await host.close();
    },
    restarts: host.restarts,
    kill: host.kill,
    reader,
  };
}
