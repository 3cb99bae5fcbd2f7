import { parentPort, workerData } from 'node:worker_threads';
import type { KeyVault } from '../../platform/key-vault/key-vault';
import { isUnreadAnswer, readUnreadAnswer } from '../../service-client/api-client/unread-answer';
import { createEngine, type Engine } from '../engine';
import type { CopySettings } from '../replica/local-copies';
import { type appContract, type EngineWorkerData, engineContract, toEngineEvents } from './engine-contract';
import { createRpcEndpoint, type RpcEndpoint } from './worker-rpc';

/**
 * The engine's own thread: every local copy, its sync and local search run here, so SQLite's work
 * never holds up the event loop that carries the window's requests. What it needs of the app (the
 * service through its client, the copies' keys in the keychain) it asks over the worker boundary;
 * what the app must tell it (settings, whether a service answers) arrives as events.
 */
if (!parentPort) throw new Error('engine-worker.ts runs as a worker thread');
const data = (workerData as { data: EngineWorkerData }).data;

let settings: CopySettings = { localCopyOff: [], syncRequestsPerSecond: 5, localCopyResets: {}, copyScopes: {} };
const online = new Map<string, boolean>();

const app: RpcEndpoint<typeof appContract> = createRpcEndpoint<typeof engineContract, typeof appContract>({
  port: parentPort,
  serves: engineContract,
  handlers: {
    read: ({ workspaceId, op, params }, signal) => engine.read(workspaceId, op, params, signal),
    held: ({ workspaceId, op, params }) => engine.held(workspaceId, op, params),
    expectChanges: ({ workspaceId }) => engine.expectChanges(workspaceId),
    boardDeals: ({ workspaceId, query }, signal) => engine.boardDeals(workspaceId, query, signal),
    callRows: ({ workspaceId, query }, signal) => engine.callRows(workspaceId, query, signal),
    dealCalls: ({ workspaceId, query }, signal) => engine.dealCalls(workspaceId, query, signal),
    searchLocal: ({ workspaceId, query }, signal) => engine.searchLocal(workspaceId, query, signal),
    rollup: ({ workspaceId, query, workspaceCurrency }) => engine.rollup(workspaceId, query, workspaceCurrency),
    setOverlay: ({ workspaceId, dealId, overlay }) => engine.setOverlay(workspaceId, dealId, overlay),
    whatChanged: ({ workspaceId, query }) => engine.whatChanged(workspaceId, query),
    dealReviewPack: ({ workspaceId, query }) => engine.dealReviewPack(workspaceId, query),
    dealReviewPacks: ({ workspaceId, query }) => engine.dealReviewPacks(workspaceId, query),
    listBookmarks: ({ workspaceId }) => engine.listBookmarks(workspaceId),
    markReviewed: ({ workspaceId, mark }) => engine.markReviewed(workspaceId, mark),
    saveBookmark: ({ workspaceId, bookmark }) => engine.saveBookmark(workspaceId, bookmark),
    removeBookmark: ({ workspaceId, bookmark }) => engine.removeBookmark(workspaceId, bookmark),
    queuedJobs: ({ workspaceId, change }) => engine.queuedJobs(workspaceId, change),
    notificationsView: ({ workspaceId }) => engine.notificationsView(workspaceId),
    saveNotificationSettings: ({ workspaceId, settings, now }) =>
      engine.saveNotificationSettings(workspaceId, settings, now),
    evaluateNotifications: ({ workspaceId, now }) => engine.evaluateNotifications(workspaceId, now),
    takeNowNotifications: ({ workspaceId, now }) => engine.takeNowNotifications(workspaceId, now),
    sendDigest: ({ workspaceId, now }) => engine.sendDigest(workspaceId, now),
    repDeals: ({ workspaceId, query }) => engine.repDeals(workspaceId, query),
    repFigures: ({ workspaceId, query }) => engine.repFigures(workspaceId, query),
    checklistMatrix: ({ workspaceId, query }) => engine.checklistMatrix(workspaceId, query),
    checklistMisses: ({ workspaceId, query }) => engine.checklistMisses(workspaceId, query),
    listTrackers: ({ workspaceId }) => engine.listTrackers(workspaceId),
    saveTracker: ({ workspaceId, tracker }) => engine.saveTracker(workspaceId, tracker),
    removeTracker: ({ workspaceId, tracker }) => engine.removeTracker(workspaceId, tracker),
    trackerReport: ({ workspaceId, tracker }, signal) => engine.trackerReport(workspaceId, tracker, signal),
    trackerHits: ({ workspaceId, query }) => engine.trackerHits(workspaceId, query),
    trackerHitsSince: ({ workspaceId, since }) => engine.trackerHitsSince(workspaceId, since),
    reviewQueue: ({ workspaceId, query }) => engine.reviewQueue(workspaceId, query),
    setReviewDecision: ({ workspaceId, callId, decision }) => engine.setReviewDecision(workspaceId, callId, decision),
    markReviewPass: ({ workspaceId, pass }) => engine.markReviewPass(workspaceId, pass),
    oneOnOneCalls: ({ workspaceId, query }) => engine.oneOnOneCalls(workspaceId, query),
    listNotes: ({ workspaceId, query }) => engine.listNotes(workspaceId, query),
    saveNote: ({ workspaceId, note }) => engine.saveNote(workspaceId, note),
    removeNote: ({ workspaceId, note }) => engine.removeNote(workspaceId, note),
    oneOnOneBrief: ({ workspaceId, query }) => engine.oneOnOneBrief(workspaceId, query),
    markOneOnOne: ({ workspaceId, mark }) => engine.markOneOnOne(workspaceId, mark),
    addActionItem: ({ workspaceId, item }) => engine.addActionItem(workspaceId, item),
    setActionItemDone: ({ workspaceId, item }) => engine.setActionItemDone(workspaceId, item),
    removeActionItem: ({ workspaceId, item }) => engine.removeActionItem(workspaceId, item),
    paletteRecords: ({ workspaceId }) => engine.paletteRecords(workspaceId),
    listWarningSnoozes: ({ workspaceId }) => engine.listWarningSnoozes(workspaceId),
    snoozeWarning: ({ workspaceId, snooze }) => engine.snoozeWarning(workspaceId, snooze),
    removeWarningSnooze: ({ workspaceId, warning }) => engine.removeWarningSnooze(workspaceId, warning),
    copyStatus: ({ workspaceId }) => engine.copyStatus(workspaceId),
    describeCopy: ({ workspaceId }) => engine.describeCopy(workspaceId),
    syncStatus: ({ workspaceId }) => engine.syncStatus(workspaceId),
    show: ({ workspaceId }) => engine.show(workspaceId),
    applyScope: ({ workspaceId }) => engine.applyScope(workspaceId),
    pauseSync: ({ workspaceId }) => engine.pauseSync(workspaceId),
    resumeSync: ({ workspaceId }) => engine.resumeSync(workspaceId),
    carryOn: ({ workspaceId }) => engine.carryOn(workspaceId),
    forget: ({ workspaceId, reason }) => engine.forget(workspaceId, reason),
    keyGone: ({ workspaceId, reason }) => engine.keyGone(workspaceId, reason),
    keyAccepted: ({ workspaceId }) => engine.keyAccepted(workspaceId),
    hasKeyGone: ({ workspaceId }) => engine.hasKeyGone(workspaceId),
    removeWorkspace: ({ workspaceId }) => engine.removeWorkspace(workspaceId),
    close: () => engine.close(),
    revalidate: ({ workspaceId, op, params }) => engine.revalidate(workspaceId, op, params),
  },
  onEvent(name, payload) {
    if (name === toEngineEvents.settings) settings = payload as CopySettings;
    else if (name === toEngineEvents.online) {
      const { workspaceId, online: answers } = payload as { workspaceId: string; online: boolean };
      online.set(workspaceId, answers);
    }
  },
});

/** The keychain as far as the copies' keys go; the app refuses any other entry. */
const vault: KeyVault = {
  storage: data.keyStorage,
  problem: null,
  get: (account) => app.call('vaultGet', { account }),
  set: (account, key) => app.call('vaultSet', { account, key }),
  delete: (account) => app.call('vaultDelete', { account }),
};

const engine: Engine = createEngine({
  vault,
  settings: () => settings,
  dir: data.dir,
  sync: data.sync,
  storage: data.storage,
  revalidateAfterMs: data.revalidateAfterMs,
  request: async (workspaceId, op, params, signal, purpose) => {
    const answer = await app.call('request', { workspaceId, op, params, purpose }, signal);
    return isUnreadAnswer(answer) ? readUnreadAnswer(answer) : answer;
  },
  isOnline: (workspaceId) => online.get(workspaceId) ?? true,
  events: {
    syncProgress: (status) => app.emit('syncProgress', status),
    replicaChanged: (workspaceId, reads) => app.emit('replicaChanged', { workspaceId, reads }),
    localCopyChanged: (workspaceId) => app.emit('localCopyChanged', { workspaceId }),
    copyReset: (workspaceId, reset) => app.emit('copyReset', { workspaceId, reset }),
  },
});
