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
  RepDealsParams,
  RepFiguresParams,
} from '../../../../shared/bridge';
import { DealReviewPackParams } from '../../../../shared/deal-review-pack';
import { ClearDealOverlay, DealOverlay, RollupQuery } from '../../../../shared/rollup';
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
  listBookmarks: { params: Workspace, result: answer },
  markReviewed: { params: Workspace.extend({ mark: MarkReviewedParams }), result: answer },
  saveBookmark: { params: Workspace.extend({ bookmark: SaveBookmarkParams }), result: answer },
  removeBookmark: { params: Workspace.extend({ bookmark: RemoveBookmarkParams }), result: answer },
  repDeals: { params: Workspace.extend({ query: RepDealsParams }), result: answer },
  repFigures: { params: Workspace.extend({ query: RepFiguresParams }), result: answer },
  checklistMatrix: { params: Workspace.extend({ query: ChecklistMatrixParams }), result: answer },
  checklistMisses: { params: Workspace.extend({ query: ChecklistMissesParams }), result: answer },
  paletteRecords: { params: Workspace, result: answer },
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
};

/** The keychain entries the worker may touch: its copies' keys, never a workspace's API key. */
const ReplicaKeyAccount = z.string().regex(/^replica \S+$/, 'must be a local copy’s key');

/** What the app answers the worker: the service, through its client, and the copies' keys. */
export const appContract = {
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
