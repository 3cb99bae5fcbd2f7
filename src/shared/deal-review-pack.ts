import { z } from 'zod';
import { ChangesSince } from './bookmarks';
import type { DealChange, WhatChanged } from './what-changed';

/**
 * A deal's review pack (issue 28): everything the copy knows of one deal, read in one go by the
 * engine (engine/replica/model/deal-review-pack.ts) and written out as a document by the renderer.
 */

export const DealReviewPackParams = z.object({
  id: z.string().min(1).max(400),
  /** The changes are read since this bookmark; "my last look" when absent. */
  since: ChangesSince.optional(),
});

/**
 * The most deals one pack holds: fifty deals' packs are a long document already, and one read
 * of the copy for them stays short. A row of more is packed as its first fifty (the renderer says so).
 */
export const MAX_PACK_DEALS = 50;

/** The packs of several deals (a roll-up row's), in the order given, read in one go. */
export const DealReviewPacksParams = z.object({
  ids: z.array(DealReviewPackParams.shape.id).min(1).max(MAX_PACK_DEALS),
  since: ChangesSince.optional(),
});

export interface PackFactor {
  factorId: string | null;
  score: number | null;
  reason: string | null;
}

/** A close date the copy saw change; `pushed`: moved later. */
export interface PackCloseDateMove {
  at: string;
  before: string | null;
  after: string | null;
  pushed: boolean;
}

/** A scoring of the deal that ended with a probability, as the service gave it. */
export interface PackScoring {
  id: string;
  /** When it finished, or when it was created when the service gives no finish. */
  at: string | null;
  probability: number;
  factors: PackFactor[];
}

export interface PackActivity {
  id: string;
  at: string | null;
  action: string | null;
  /** The call it names, when the copy holds that call. */
  callId: string | null;
  callTitle: string | null;
  memberId: string | null;
}

export interface PackCall {
  id: string;
  title: string | null;
  at: string | null;
}

/** A checklist item as the deal's latest call that assessed it left it. */
export interface PackChecklistItem {
  item: string | null;
  status: string | null;
  reasoning: string | null;
  callId: string;
  callTitle: string | null;
  callAt: string | null;
  /** Its first evidence quote, and the start of the line of the call's transcript that says it (null: not found, or no time). */
  quote: { text: string; seconds: number | null } | null;
}

export interface DealReviewPack {
  deal: {
    id: string;
    title: string | null;
    status: string | null;
    forecastAmount: number | null;
    closeDate: string | null;
    ownerId: string | null;
    probability: number | null;
    factors: PackFactor[];
    /** Gone from the service: the pack tells it as last seen. */
    gone: boolean;
  };
  /** Oldest first. */
  closeDateMoves: PackCloseDateMove[];
  /** Oldest first. */
  scorings: PackScoring[];
  /** Newest first. */
  activities: PackActivity[];
  /** Newest first. */
  calls: PackCall[];
  /** In the order the deal's latest call lists them, then older calls' items. */
  checklist: PackChecklistItem[];
  /** The deal's own changes since the bookmark, newest first. */
  changes: DealChange[];
  since: WhatChanged['since'];
  historyKnownSince: string | null;
  /** When the pack was read. */
  builtAt: string;
  /** Members by name. */
  names: Record<string, string>;
}
