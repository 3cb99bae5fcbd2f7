import type { z } from 'zod';
import type {
  Bookmarks,
  MarkReviewedParams,
  RemoveBookmarkParams,
  SaveBookmarkParams,
} from '../../../shared/bookmarks';
import type {
  ApiResult,
  BoardDeals,
  BoardDealsParams,
  CallRows,
  CallRowsParams,
  ChangedRead,
  ChecklistMatrix,
  ChecklistMatrixParams,
  ChecklistMisses,
  ChecklistMissesParams,
  CoachingCopy,
  DealCalls,
  DealCallsParams,
  LocalCopy,
  LocalCopyReset,
  LocalSearchResult,
  QueuedJobChange,
  RepDeals,
  RepFigures,
  RepFiguresParams,
  ReplicaStatus,
  SyncStatus,
} from '../../../shared/bridge';
import { NO_REVIEW_QUEUE, type ReviewQueue } from '../../../shared/bridge';
import type { DealReviewPack, DealReviewPackParams, DealReviewPacksParams } from '../../../shared/deal-review-pack';
import type { NotificationSettings } from '../../../shared/notification-rules';
import type {
  ActionItem,
  AddActionItemParams,
  MarkOneOnOneParams,
  OneOnOneBrief,
  RemoveActionItemParams,
  SetActionItemDoneParams,
} from '../../../shared/one-on-one';
import type { PaletteRecords } from '../../../shared/palette';
import type {
  ListNotesParams,
  NoteChange,
  PrivateNote,
  RemoveNoteParams,
  SaveNoteParams,
} from '../../../shared/private-notes';
import type {
  MarkReviewPassParams,
  OneOnOneCall,
  OneOnOneCallsParams,
  ReviewDecision,
  ReviewDecisionChange,
  ReviewPassChange,
  ReviewQueueParams,
} from '../../../shared/review-queue';
import type { DealOverlay, OverlayChange, Rollup, RollupQuery } from '../../../shared/rollup';
import type {
  SaveTrackerParams,
  Tracker,
  TrackerChange,
  TrackerHitsParams,
  TrackerLine,
  TrackerReport,
} from '../../../shared/trackers';
import type {
  SnoozeWarningParams,
  WarningRef,
  WarningSnooze,
  WarningSnoozeChange,
} from '../../../shared/warning-snoozes';
import type { WhatChanged, WhatChangedParams } from '../../../shared/what-changed';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { ApiError } from '../service-client/api-client/api-error';
import { createChangeBatch } from './change-batch';
import { checklistMatrix, checklistMisses } from './replica/coaching/checklist-matrix';
import { coachingCopy } from './replica/coaching/coaching-copy';
import { oneOnOnes } from './replica/coaching/one-on-one-brief';
import { repDeals } from './replica/coaching/rep-deals';
import { repFigures } from './replica/coaching/rep-figures';
import { oneOnOneCalls, writeReviewDecision, writeReviewPass } from './replica/coaching/review-decisions';
import { reviewQueue } from './replica/coaching/review-queue';
import { trackerHitsSince, trackerLines } from './replica/coaching/tracker-report';
import { trackerReportIn } from './replica/coaching/tracker-service-calls';
import { workspaceTrackers } from './replica/coaching/trackers';
import { type CopySettings, createLocalCopies, type RemovalReason, type SyncSettings } from './replica/local-copies';
import { type MergedSearchQuery, mergedSearch, type ServiceAnswer } from './replica/merged-search';
import { boardPageFromCopy } from './replica/model/board-cards';
import { workspaceBookmarks } from './replica/model/bookmarks';
import { callPageFromCopy, callRowDeals, dealIdsOf } from './replica/model/call-rows';
import { dealCallsFromActivities, dealCallsFromCopy } from './replica/model/deal-calls';
import { writeOverlay } from './replica/model/deal-overlays';
import { dealReviewPackIn, dealReviewPacksIn } from './replica/model/deal-review-pack';
import { paletteRecordsIn } from './replica/model/palette-records';
import { privateNotes } from './replica/model/private-notes';
import { changeQueuedJobs, type StoredQueuedJob } from './replica/model/queued-jobs';
import { rollupFromCopy } from './replica/model/rollup';
import { warningSnoozes } from './replica/model/warning-snoozes';
import { whatChangedIn } from './replica/model/what-changed';
import { notificationStore } from './replica/notifications/notification-store';
import { parseLocalCursor } from './replica/offline-lists';
import { onOwnData } from './replica/own-data';
import type { ReplicaDatabase } from './replica/replica-db';
import { createReplicaReads } from './replica/replica-reads';
import type { ReplicaStorageOptions } from './replica/replicas';

/** Sync states in which the sync keeps walking the workspace's lists into its copy. */
const keepingStates: ReadonlySet<SyncStatus['state']> = new Set(['syncing', 'up-to-date', 'waiting', 'offline']);

const NO_FIGURES = { calls: 0, talkShare: null, longestMonologue: null, questions: null, switchesPerMinute: null };

/** Why a request is made: a screen's read (the client's retries) or the sync's (one attempt, its own schedule). */
export type RequestPurpose = 'read' | 'sync';

/** What the engine tells the app, which tells the window. */
export interface EngineEvents {
  syncProgress(status: SyncStatus): void;
  /** Stored answers of the workspace changed: the screens showing these reads read again. */
  replicaChanged(workspaceId: string, reads: ChangedRead[]): void;
  /** The copy paused or resumed storing, was rebuilt or removed. */
  localCopyChanged(workspaceId: string): void;
  /** Why and when a copy was removed or rebuilt, for the settings file. */
  copyReset(workspaceId: string, reset: LocalCopyReset): void;
}

export interface EngineOptions {
  vault: KeyVault;
  settings(): CopySettings;
  /** The folder of replica files; null keeps every replica in memory. */
  dir: string | null;
  sync: SyncSettings | null;
  storage?: ReplicaStorageOptions;
  /** A stored answer younger than this is served without asking the service again. */
  revalidateAfterMs?: number;
  /** One request to the workspace's service, through the app's client. */
  request(
    workspaceId: string,
    op: string,
    params: Record<string, unknown>,
    signal: AbortSignal,
    purpose: RequestPurpose,
    /** The engine runs in a thread of its own, which reads a success's body itself (`UnreadAnswer`). */
    unread?: boolean,
  ): Promise<unknown>;
  isOnline(workspaceId: string): boolean;
  events: EngineEvents;
}

/** What the status line reads of the copy: where it lives, when the service last answered into it, its problems. */
export type CopyStatus = Pick<ReplicaStatus, 'storage' | 'storingPaused' | 'rebuilt'> & {
  lastFetchedAt: number | null;
};

/**
 * The local engine: every workspace's copy, its sync, its reads served stale-while-revalidate and
 * its local search, behind one interface of async operations, so the same engine runs in this
 * thread or in a worker of its own (`worker/engine-worker.ts`). Nothing here reads or writes the
 * settings file or the keychain but through what the app hands it.
 */
export function createEngine(options: EngineOptions) {
  const changes = createChangeBatch(options.events.replicaChanged);
  const localCopies = createLocalCopies({
    vault: options.vault,
    settings: options.settings,
    noteReset: options.events.copyReset,
    dir: options.dir,
    sync: options.sync,
    request: (workspaceId, op, params, signal) => options.request(workspaceId, op, params, signal, 'sync'),
    syncProgress: options.events.syncProgress,
    changed: options.events.localCopyChanged,
    stored: changes.add,
    storage: options.storage,
  });
  const { replicas } = localCopies;

  /**
   * Whether the sync keeps the workspace's copy up to date: it runs (not paused, not off) and can
   * store. Then a screen reading many records is answered from the copy without asking the
   * service about each (the sync's next round fetches what changed), as far as the copy's scope
   * holds them; otherwise each is read as a screen reads it, asked of the service behind the copy.
   */
  const syncKeeps = (workspaceId: string) =>
    keepingStates.has(localCopies.syncState(workspaceId)) && replicas.storingPause(workspaceId) === null;
  // A copy of part of the workspace (its scope) does not hold every deal a column lists.
  const syncKeepsEverything = (workspaceId: string) =>
    syncKeeps(workspaceId) && localCopies.scopeOf(workspaceId).kind === 'everything';
  /** Why what lives only in the copy (the roll-up, the overlays) cannot be read or kept now. */
  async function copyUnavailable(workspaceId: string, during: 'read' | 'write'): Promise<ApiError> {
    const pause = replicas.storingPause(workspaceId);
    const message =
      (await replicas.get(workspaceId)) === null
        ? 'This workspace keeps no local copy now (it is off, or its key is gone), and the roll-up and your calls on deals live only there.'
        : during === 'write' && pause
          ? `The local copy cannot store anything now (${pause.reason === 'disk-full' ? 'the disk is full' : 'writing failed'}), so your call was not kept. It can be once storing resumes.`
          : 'The local copy could not be read just now. Try again in a moment.';
    return new ApiError({ code: 'local_copy_unavailable', message });
  }
  const reads = createReplicaReads({
    replicas,
    fetch: (workspaceId, op, params, signal) => options.request(workspaceId, op, params, signal, 'read'),
    isOnline: options.isOnline,
    changed: changes.add,
    revalidateAfterMs: options.revalidateAfterMs,
  });

  /**
   * A coaching read: the copy's answer with what the copy holds, or `none` when it keeps no copy
   * or cannot read it. The service is never asked: its figures come from the copy alone.
   */
  async function fromCopy<T extends object>(
    workspaceId: string,
    read: (db: ReplicaDatabase) => T,
    none: T,
  ): Promise<T & { copy: CoachingCopy }> {
    const status = localCopies.syncStatus(workspaceId);
    const held = await replicas.read(workspaceId, ({ db }) => ({ ...read(db), copy: coachingCopy(db, status) }));
    if (held) return held;
    const reason = (await replicas.get(workspaceId)) === null ? 'off' : 'unreadable';
    return { ...none, copy: { kind: 'none', reason } };
  }

  return {
    /** A replicated read: the copy's answer at once (asked of the service behind it), or the service's, kept. */
    read: (workspaceId: string, op: string, params: Record<string, unknown>, signal: AbortSignal) =>
      reads.read(workspaceId, op, params, signal),
    /** What the copy holds for this read, or null; the service is not asked. */
    held: async (workspaceId: string, op: string, params: Record<string, unknown>) =>
      reads.held(workspaceId, op, params),
    /** A stored answer read elsewhere (the copy reader) was past its age: asked of the service again. */
    revalidate: async (workspaceId: string, op: string, params: Record<string, unknown>) =>
      reads.revalidate(workspaceId, op, params),
    /** The app changed something on the service: copies read before now wait for it once. */
    expectChanges: async (workspaceId: string) => reads.expectChanges(workspaceId),

    /**
     * A Pipeline column's page with what each card shows, in one answer: from the workspace model
     * while the sync keeps the copy up to date (no request), else the deals list as a screen
     * reads it, with no facts (each card reads its own, as before).
     */
    async boardDeals(workspaceId: string, params: BoardDealsParams, signal: AbortSignal): Promise<BoardDeals> {
      if (syncKeepsEverything(workspaceId)) {
        const fromCopy = await replicas.read(workspaceId, ({ db }) => boardPageFromCopy(db, params));
        if (fromCopy) return fromCopy;
      }
      const page = await reads.read(workspaceId, 'listDeals', { ...params }, signal);
      return { ...(page as BoardDeals), facts: {}, totals: null };
    },

    /**
     * The roll-up of a range from the copy alone (the service is never asked: it knows nothing of
     * the manager's overlays, and the screen works offline). Fails while no copy can be read.
     */
    async rollup(workspaceId: string, query: RollupQuery, workspaceCurrency: string | null): Promise<Rollup> {
      const rollup = await replicas.read(workspaceId, ({ db, storage }) =>
        rollupFromCopy(db, query, { workspaceCurrency, storage }),
      );
      if (rollup === null) throw await copyUnavailable(workspaceId, 'read');
      return rollup;
    },

    /** The manager's overlay on a deal, written to the copy only (null removes it); what it was before, to undo. */
    async setOverlay(workspaceId: string, dealId: string, overlay: DealOverlay | null): Promise<OverlayChange> {
      const change = await replicas.write(workspaceId, ({ db }) => writeOverlay(db, dealId, overlay, Date.now()));
      if (change === null) throw await copyUnavailable(workspaceId, 'write');
      return change;
    },

    /**
     * A page of the calls list with what each row shows of its deal, in one answer: while the sync
     * keeps the copy up to date, the page from the copy when its scope holds every call the list
     * asks for (else the service's, as a screen reads it) and each deal the copy keeps (no request
     * for either); otherwise the service's page, and each row reads its deal as before.
     */
    async callRows(workspaceId: string, params: CallRowsParams, signal: AbortSignal): Promise<CallRows> {
      const keeps = syncKeeps(workspaceId);
      // A page after one the copy gave goes on from it: the service would read its cursor as malformed, its first page.
      const continues = typeof params.cursor === 'string' && parseLocalCursor(params.cursor) !== null;
      const fromCopy =
        keeps || continues ? await replicas.read(workspaceId, ({ db }) => callPageFromCopy(db, params)) : null;
      const page =
        fromCopy ?? ((await reads.read(workspaceId, 'listVideos', { ...params }, signal)) as ApiResult<'listVideos'>);
      const deals = keeps ? await replicas.read(workspaceId, ({ db }) => callRowDeals(db, dealIdsOf(page.data))) : null;
      return { ...page, deals: deals ?? {}, from: fromCopy ? 'copy' : 'service' };
    },

    /**
     * A page of a deal's calls, each with its record: from the copy while the sync keeps it up to
     * date and holds every call of the deal (no request); otherwise the calls the deal's activity
     * links, a page of its activities as a screen reads it, and each row reads its call.
     */
    async dealCalls(workspaceId: string, params: DealCallsParams, signal: AbortSignal): Promise<DealCalls> {
      const continues = typeof params.cursor === 'string' && parseLocalCursor(params.cursor) !== null;
      if (syncKeeps(workspaceId) || continues) {
        const fromCopy = await replicas.read(workspaceId, ({ db }) => dealCallsFromCopy(db, params));
        if (fromCopy) return fromCopy;
      }
      const { id, cursor, limit } = params;
      const activities = await reads.read(workspaceId, 'listActivities', { id, cursor, limit }, signal);
      return dealCallsFromActivities(activities as ApiResult<'listActivities'>);
    },
    /** A rep's open deals, from the copy alone (coaching: the screens say what it holds). */
    repDeals: (workspaceId: string, params: { memberId: string }): Promise<RepDeals> =>
      fromCopy(workspaceId, (db) => repDeals(db, params.memberId), { deals: [], facts: {} }),
    /** A rep's calls of some weeks with their figures against the team's, from the copy alone. */
    repFigures: (workspaceId: string, params: RepFiguresParams): Promise<RepFigures> =>
      fromCopy(workspaceId, (db) => repFigures(db, params), {
        calls: [],
        rep: NO_FIGURES,
        team: NO_FIGURES,
        weeks: [],
      }),
    /** Reps × checklist items over their last analysed calls, from the copy alone. */
    checklistMatrix: (workspaceId: string, params: ChecklistMatrixParams): Promise<ChecklistMatrix> =>
      fromCopy(workspaceId, (db) => checklistMatrix(db, params), { items: [], rows: [], unattributed: 0 }),
    /** The calls behind a cell of the matrix where its item was not met, from the copy alone. */
    checklistMisses: (workspaceId: string, params: ChecklistMissesParams): Promise<ChecklistMisses> =>
      fromCopy(workspaceId, (db) => ({ misses: checklistMisses(db, params) }), { misses: [] }),
    /** The review queue and each rep's coverage, from the copy alone (the decisions live only there). */
    reviewQueue: (workspaceId: string, params: ReviewQueueParams): Promise<ReviewQueue> =>
      fromCopy(workspaceId, (db) => reviewQueue(db, params, Date.now()), NO_REVIEW_QUEUE),
    /** The manager's decision on a call, kept in the copy only (null takes it back); before and after, to undo. */
    setReviewDecision: (
      workspaceId: string,
      callId: string,
      decision: ReviewDecision | null,
    ): Promise<ReviewDecisionChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => writeReviewDecision(db, callId, decision, Date.now())),
    /** The manager's pass through the queue is done up to a moment (now when absent; null forgets it). */
    markReviewPass: (workspaceId: string, { at }: MarkReviewPassParams): Promise<ReviewPassChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        writeReviewPass(db, at === undefined ? Date.now() : at === null ? null : Date.parse(at), Date.now()),
      ),
    /** A rep's calls decided "add to the next 1:1" since a moment, for their 1:1 brief. */
    oneOnOneCalls: (workspaceId: string, params: OneOnOneCallsParams): Promise<OneOnOneCall[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => oneOnOneCalls(db, params)),

    /** The deals, calls and reps the palette matches typed text against, from the copy alone in one read. */
    paletteRecords: async (workspaceId: string): Promise<PaletteRecords> =>
      (await replicas.read(workspaceId, ({ db }) => ({ ...paletteRecordsIn(db), from: 'copy' as const }))) ?? {
        deals: [],
        calls: [],
        reps: [],
        trackers: [],
        capped: false,
        from: 'none',
      },

    /** Transcript search over the copy, with the calls it does not hold asked of the service. */
    async searchLocal(workspaceId: string, query: MergedSearchQuery, signal: AbortSignal): Promise<LocalSearchResult> {
      const search = {
        query,
        knownCalls: localCopies.knownCalls(workspaceId),
        searchService: async (q: string, dealId: string | undefined, videoId: string | undefined) =>
          (await options.request(
            workspaceId,
            'searchTranscripts',
            { q, limit: 100, deal_id: dealId, video_id: videoId },
            signal,
            'read',
          )) as ServiceAnswer,
      };
      // A copy that cannot be read searches nothing here: the service is asked for every call.
      const local = await replicas.read(workspaceId, ({ db }) => mergedSearch({ db, ...search }));
      const kept = local === null && (await replicas.get(workspaceId)) !== null;
      return local ?? mergedSearch({ db: null, copyUnreadable: kept, ...search });
    },

    /** Every change to the deals since a bookmark, from the copy alone (none without one: an error says why). */
    whatChanged: (workspaceId: string, { since }: z.output<typeof WhatChangedParams>): Promise<WhatChanged> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => whatChangedIn(db, since, Date.now())),
    /** One deal's review pack, from the copy alone in one read (none without one: an error says why). */
    dealReviewPack: (
      workspaceId: string,
      { id, since }: z.output<typeof DealReviewPackParams>,
    ): Promise<DealReviewPack> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) =>
        dealReviewPackIn(db, id, since ?? { kind: 'last-look' }, Date.now()),
      ),
    /** Several deals' review packs (a roll-up row's), in the order asked, from the copy alone in one read. */
    dealReviewPacks: (
      workspaceId: string,
      { ids, since }: z.output<typeof DealReviewPacksParams>,
    ): Promise<DealReviewPack[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) =>
        dealReviewPacksIn(db, ids, since ?? { kind: 'last-look' }, Date.now()),
      ),
    /** The manager's bookmarks, kept in the copy (none without one: an error says why). */
    listBookmarks: (workspaceId: string): Promise<Bookmarks> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => workspaceBookmarks(db).list()),
    markReviewed: (workspaceId: string, { upTo }: z.output<typeof MarkReviewedParams>): Promise<Bookmarks> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        workspaceBookmarks(db).markReviewed(
          upTo === undefined ? Date.now() : upTo === null ? null : Date.parse(upTo),
          Date.now(),
        ),
      ),
    saveBookmark: (workspaceId: string, { name, at }: z.output<typeof SaveBookmarkParams>): Promise<Bookmarks> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        workspaceBookmarks(db).save(name, Date.parse(at), Date.now()),
      ),
    removeBookmark: (workspaceId: string, { id }: z.output<typeof RemoveBookmarkParams>): Promise<Bookmarks> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => workspaceBookmarks(db).remove(id)),
    /** The manager's private notes, kept in the copy and never sent (none without one: an error says why). */
    listNotes: (workspaceId: string, query: ListNotesParams): Promise<PrivateNote[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => privateNotes(db).list(query)),
    saveNote: (workspaceId: string, note: SaveNoteParams): Promise<NoteChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => privateNotes(db).save(note, Date.now())),
    removeNote: (workspaceId: string, { id }: z.output<typeof RemoveNoteParams>): Promise<NoteChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => privateNotes(db).remove(id)),
    /** The manager's snoozed deal warnings, kept in the copy and never sent; one over is gone by itself. */
    listWarningSnoozes: (workspaceId: string): Promise<WarningSnooze[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => warningSnoozes(db).list(Date.now())),
    snoozeWarning: (workspaceId: string, snooze: SnoozeWarningParams): Promise<WarningSnoozeChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => warningSnoozes(db).snooze(snooze, Date.now())),
    removeWarningSnooze: (workspaceId: string, warning: WarningRef): Promise<WarningSnoozeChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => warningSnoozes(db).remove(warning, Date.now())),
    /** The 1:1 brief for a rep, from the copy alone (none without one: an error says why). */
    oneOnOneBrief: (workspaceId: string, { memberId }: { memberId: string }): Promise<OneOnOneBrief> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => oneOnOnes(db).brief(memberId, Date.now())),
    markOneOnOne: (workspaceId: string, { memberId, at }: z.output<typeof MarkOneOnOneParams>) =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        oneOnOnes(db).mark(memberId, at === undefined ? Date.now() : at === null ? null : Date.parse(at)),
      ),
    addActionItem: (
      workspaceId: string,
      { memberId, text }: z.output<typeof AddActionItemParams>,
    ): Promise<ActionItem> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => oneOnOnes(db).add(memberId, text, Date.now())),
    setActionItemDone: (
      workspaceId: string,
      { id, done }: z.output<typeof SetActionItemDoneParams>,
    ): Promise<ActionItem> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => oneOnOnes(db).setDone(id, done, Date.now())),
    removeActionItem: (workspaceId: string, { id }: z.output<typeof RemoveActionItemParams>): Promise<void> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => oneOnOnes(db).remove(id)),

    /** The manager's trackers, kept in the copy (none without one: an error says why). */
    listTrackers: (workspaceId: string): Promise<Tracker[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => workspaceTrackers(db).list()),
    saveTracker: (
      workspaceId: string,
      { id, ...definition }: z.output<typeof SaveTrackerParams>,
    ): Promise<TrackerChange> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => workspaceTrackers(db).save(definition, id, Date.now())),
    removeTracker: (workspaceId: string, { id }: { id: string }): Promise<{ removed: Tracker; trackers: Tracker[] }> =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => workspaceTrackers(db).remove(id)),
    /** A tracker over the copy's transcripts, with the service asked for the calls the copy does not hold. */
    async trackerReport(workspaceId: string, { id }: { id: string }, signal?: AbortSignal): Promise<TrackerReport> {
      const tracker = await onOwnData(replicas, workspaceId, 'read', ({ db }) => workspaceTrackers(db).get(id));
      const report = await replicas.read(workspaceId, ({ db }) =>
        trackerReportIn(db, tracker, {
          knownCalls: localCopies.knownCalls(workspaceId),
          searchService: async (q, dealId) =>
            (await options.request(
              workspaceId,
              'searchTranscripts',
              { q, limit: 100, deal_id: dealId },
              signal ?? new AbortController().signal,
              'read',
            )) as ServiceAnswer,
        }),
      );
      if (report === null) throw await copyUnavailable(workspaceId, 'read');
      return report;
    },
    trackerHits: (workspaceId: string, { id, callIds }: z.output<typeof TrackerHitsParams>): Promise<TrackerLine[]> =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => trackerLines(db, workspaceTrackers(db).get(id), callIds)),
    /**
     * The review queue's seam (issue 29, item 6): per tracker, the copy's calls made since `since`
     * (ms) that mention it.
     */
    trackerHitsSince: (workspaceId: string, since: number) =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => trackerHitsSince(db, workspaceTrackers(db).list(), since)),
    /** The starts queued while the service could not be reached, changed and then listed (none without a copy: an error says why). */
    queuedJobs: (workspaceId: string, change: QueuedJobChange): Promise<StoredQueuedJob[]> =>
      onOwnData(replicas, workspaceId, change.do === 'list' ? 'read' : 'write', ({ db }) =>
        changeQueuedJobs(db, change, Date.now()),
      ),

    // The manager's notification rules (notifications/notification-store.ts): `now` is the app's
    // clock; the changes' window is read on this one, the journal's.
    notificationsView: (workspaceId: string) =>
      onOwnData(replicas, workspaceId, 'read', ({ db }) => notificationStore(db).view()),
    saveNotificationSettings: (workspaceId: string, settings: NotificationSettings, now: number) =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        notificationStore(db).save(settings, { copy: Date.now(), clock: now }),
      ),
    evaluateNotifications: (workspaceId: string, now: number) =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        notificationStore(db).evaluate({ copy: Date.now(), clock: now }),
      ),
    takeNowNotifications: (workspaceId: string, now: number) =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) => notificationStore(db).takeNow(now)),
    sendDigest: (workspaceId: string, now: number) =>
      onOwnData(replicas, workspaceId, 'write', ({ db }) =>
        notificationStore(db).sendDigest({ copy: Date.now(), clock: now }),
      ),

    async copyStatus(workspaceId: string): Promise<CopyStatus> {
      const replica = await replicas.get(workspaceId);
      const lastFetchedAt = await replicas.read(workspaceId, ({ answers }) => answers.lastFetchedAt());
      return { storage: replica?.storage ?? 'off', lastFetchedAt, ...localCopies.problems(workspaceId) };
    },
    describeCopy: (workspaceId: string): Promise<LocalCopy> => localCopies.describe(workspaceId),

    syncStatus: async (workspaceId: string): Promise<SyncStatus> => localCopies.syncStatus(workspaceId),
    /** The workspace is the one on screen: its sync runs, the others stop. */
    show: (workspaceId: string) => localCopies.show(workspaceId),
    /** The person chose what the copy keeps (the settings say): it fits it at once, and syncs under it. */
    applyScope: (workspaceId: string) => localCopies.applyScope(workspaceId),
    pauseSync: (workspaceId: string) => localCopies.pause(workspaceId),
    resumeSync: (workspaceId: string) => localCopies.resume(workspaceId),
    /** The service answers again: a sync stopped by the outage carries on. */
    carryOn: async (workspaceId: string) => localCopies.carryOn(workspaceId),

    /** The copy goes (file, side files, key), with the reason kept. */
    forget: (workspaceId: string, reason: RemovalReason) => localCopies.forget(workspaceId, reason),
    /** The key is gone or refused: the copy goes, and none is kept until a key works. */
    keyGone: (workspaceId: string, reason: 'signed-out' | 'key-revoked' | 'key-refused') =>
      localCopies.keyGone(workspaceId, reason),
    keyAccepted: async (workspaceId: string) => localCopies.keyAccepted(workspaceId),
    hasKeyGone: async (workspaceId: string) => localCopies.hasKeyGone(workspaceId),
    removeWorkspace: (workspaceId: string) => localCopies.removeWorkspace(workspaceId),

    async close(): Promise<void> {
      changes.close();
      reads.close();
      await localCopies.close();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
