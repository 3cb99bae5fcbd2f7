import { z } from 'zod';
import { MarkReviewedParams, RemoveBookmarkParams, SaveBookmarkParams } from '../../../../shared/bookmarks';
import {
  BoardDealsParams,
  CallRowsParams,
  ChecklistMatrixParams,
  ChecklistMissesParams,
  CurrencyCode,
  DealCallsParams,
  LocalCopyReset,
  LocalSearchParams,
  QueuedJobChange,
  RepDealsParams,
  RepFiguresParams,
} from '../../../../shared/bridge';
import { DealReviewPackParams, DealReviewPacksParams } from '../../../../shared/deal-review-pack';
import { NotificationSettings } from '../../../../shared/notification-rules';
import {
  AddActionItemParams,
  MarkOneOnOneParams,
  OneOnOneParams,
  RemoveActionItemParams,
  SetActionItemDoneParams,
} from '../../../../shared/one-on-one';
import { ListNotesParams, RemoveNoteParams, SaveNoteParams } from '../../../../shared/private-notes';
import {
  MarkReviewPassParams,
  OneOnOneCallsParams,
  ReviewQueueParams,
  SetReviewDecisionParams,
} from '../../../../shared/review-queue';
import { ClearDealOverlay, DealOverlay, RollupQuery } from '../../../../shared/rollup';
import { SaveTrackerParams, TrackerHitsParams, TrackerRef } from '../../../../shared/trackers';
import { SnoozeWarningParams, WarningRef } from '../../../../shared/warning-snoozes';
import { WhatChangedParams } from '../../../../shared/what-changed';

/**
 * What crosses between the app (main) and the engine's worker, in the bridge's style: each
 * operation's params, checked by the side that answers. Results are the engine's own values,
 * typed by `Engine` (engine.ts) on the calling side.
 */

const Workspace = z.object({ workspaceId: z.string().min(1) });
const Read = Workspace.extend({ op: z.string().min(1), params: z.record(z.string(), z.unknown()) });
const RemovalReason = LocalCopyReset.shape.reason.exclude(['damaged', 'newer-version']);
const answer = z.unknown();

/** What the worker answers: the engine's operations (engine.ts), one each. */
export const engineContract = {
  read: { params: Read, result: answer },
  held: { params: Read, result: answer },
  expectChanges: { params: Workspace, result: z.void() },
  boardDeals: { params: Workspace.extend({ query: BoardDealsParams }), result: answer },
  callRows: { params: Workspace.extend({ query: CallRowsParams }), result: answer },
  dealCalls: { params: Workspace.extend({ query: DealCallsParams }), result: answer },
  searchLocal: { params: Workspace.extend({ query: LocalSearchParams }), result: answer },
  rollup: {
    params: Workspace.extend({ query: RollupQuery, workspaceCurrency: CurrencyCode.nullable() }),
    result: answer,
  },
  setOverlay: {
    params: Workspace.extend(ClearDealOverlay.shape).extend({ overlay: DealOverlay.nullable() }),
    result: answer,
  },
  whatChanged: { params: Workspace.extend({ query: WhatChangedParams }), result: answer },
  dealReviewPack: { params: Workspace.extend({ query: DealReviewPackParams }), result: answer },
  dealReviewPacks: { params: Workspace.extend({ query: DealReviewPacksParams }), result: answer },
  listBookmarks: { params: Workspace, result: answer },
  markReviewed: { params: Workspace.extend({ mark: MarkReviewedParams }), result: answer },
  saveBookmark: { params: Workspace.extend({ bookmark: SaveBookmarkParams }), result: answer },
  removeBookmark: { params: Workspace.extend({ bookmark: RemoveBookmarkParams }), result: answer },
  queuedJobs: { params: Workspace.extend({ change: QueuedJobChange }), result: answer },
  notificationsView: { params: Workspace, result: answer },
  saveNotificationSettings: {
    params: Workspace.extend({ settings: NotificationSettings, now: z.number() }),
    result: answer,
  },
  evaluateNotifications: { params: Workspace.extend({ now: z.number() }), result: answer },
  takeNowNotifications: { params: Workspace.extend({ now: z.number() }), result: answer },
  sendDigest: { params: Workspace.extend({ now: z.number() }), result: answer },
  repDeals: { params: Workspace.extend({ query: RepDealsParams }), result: answer },
  repFigures: { params: Workspace.extend({ query: RepFiguresParams }), result: answer },
  checklistMatrix: { params: Workspace.extend({ query: ChecklistMatrixParams }), result: answer },
  checklistMisses: { params: Workspace.extend({ query: ChecklistMissesParams }), result: answer },
  listTrackers: { params: Workspace, result: answer },
  saveTracker: { params: Workspace.extend({ tracker: SaveTrackerParams }), result: answer },
  removeTracker: { params: Workspace.extend({ tracker: TrackerRef }), result: answer },
  trackerReport: { params: Workspace.extend({ tracker: TrackerRef }), result: answer },
  trackerHits: { params: Workspace.extend({ query: TrackerHitsParams }), result: answer },
  trackerHitsSince: { params: Workspace.extend({ since: z.number() }), result: answer },
  reviewQueue: { params: Workspace.extend({ query: ReviewQueueParams }), result: answer },
  setReviewDecision: { params: Workspace.extend(SetReviewDecisionParams.shape), result: answer },
  markReviewPass: { params: Workspace.extend({ pass: MarkReviewPassParams }), result: answer },
  oneOnOneCalls: { params: Workspace.extend({ query: OneOnOneCallsParams }), result: answer },
  listNotes: { params: Workspace.extend({ query: ListNotesParams }), result: answer },
  saveNote: { params: Workspace.extend({ note: SaveNoteParams }), result: answer },
  removeNote: { params: Workspace.extend({ note: RemoveNoteParams }), result: answer },
  oneOnOneBrief: { params: Workspace.extend({ query: OneOnOneParams }), result: answer },
  markOneOnOne: { params: Workspace.extend({ mark: MarkOneOnOneParams }), result: answer },
  addActionItem: { params: Workspace.extend({ item: AddActionItemParams }), result: answer },
  setActionItemDone: { params: Workspace.extend({ item: SetActionItemDoneParams }), result: answer },
  removeActionItem: { params: Workspace.extend({ item: RemoveActionItemParams }), result: z.void() },
  paletteRecords: { params: Workspace, result: answer },
  listWarningSnoozes: { params: Workspace, result: answer },
  snoozeWarning: { params: Workspace.extend({ snooze: SnoozeWarningParams }), result: answer },
  removeWarningSnooze: { params: Workspace.extend({ warning: WarningRef }), result: answer },
  copyStatus: { params: Workspace, result: answer },
  describeCopy: { params: Workspace, result: answer },
  syncStatus: { params: Workspace, result: answer },
  show: { params: Workspace, result: z.void() },
  applyScope: { params: Workspace, result: z.void() },
  pauseSync: { params: Workspace, result: answer },
  resumeSync: { params: Workspace, result: answer },
  carryOn: { params: Workspace, result: z.void() },
  forget: { params: Workspace.extend({ reason: RemovalReason }), result: z.void() },
  keyGone: {
    params: Workspace.extend({ reason: z.enum(['signed-out', 'key-revoked', 'key-refused']) }),
    result: z.void(),
  },
  keyAccepted: { params: Workspace, result: z.void() },
  hasKeyGone: { params: Workspace, result: z.boolean() },
  removeWorkspace: { params: Workspace, result: z.void() },
  close: { params: z.object({}), result: z.void() },
  /** A read the copy reader answered from a stored answer past its age: asked of the service again. */
  revalidate: { params: Read, result: z.void() },
};

/** The keychain entries the worker may touch: its copies' keys, never a workspace's API key. */
const ReplicaKeyAccount = z.string().regex(/^replica \S+$/, 'must be a local copy’s key');

/** What the app answers the worker: the service, through its client, and the copies' keys. */
export const appContract = {
  /** The service's answer, a success's body unread where the key is not in it (`UnreadAnswer`). */
  request: {
    params: Read.extend({ purpose: z.enum(['read', 'sync']) }),
    result: answer,
  },
  vaultGet: { params: z.object({ account: ReplicaKeyAccount }), result: z.string().nullable() },
  vaultSet: { params: z.object({ account: ReplicaKeyAccount, key: z.string() }), result: z.void() },
  vaultDelete: { params: z.object({ account: ReplicaKeyAccount }), result: z.void() },
};

/** What the worker is started with: the engine's options that are values, not functions. */
export interface EngineWorkerData {
  dir: string | null;
  sync: { pageSize?: number; roundEveryMs?: number; retry?: { firstMs: number; maxMs: number } } | null;
  storage: { probeEveryMs?: number; checkAfterMs?: number };
  revalidateAfterMs?: number;
  keyStorage: 'keychain' | 'session';
}

/** Events the app sends the worker: what it must know without asking each time. */
export const toEngineEvents = {
  settings: 'settings',
  online: 'online',
} as const;

/** What the copy reader's thread answers: stored answers of a copy file, on a connection of its own. */
export const readerContract = {
  storedAnswer: { params: Read, result: answer },
  /** A copy it must stop reading (removed, rebuilt, set aside): its connection closed before the answer. */
  drop: { params: Workspace, result: z.void() },
  close: { params: z.object({}), result: z.void() },
};

/** What the copy reader's thread is started with. */
export interface CopyReaderWorkerData {
  dir: string;
}

/** What the app answers the copy reader: the copies' keys, only to read. */
export const readerAppContract = { vaultGet: appContract.vaultGet };
