import { z } from 'zod';
import { ChangesSince, type SinceFrom } from './bookmarks';

/**
 * What changed in the deals since a bookmark, as the local copy knows it: what the renderer asks
 * and what the engine answers (engine/replica/model/what-changed.ts).
 */

export const WhatChangedParams = z.object({ since: ChangesSince });

/** A deal's list fields, as a deal new, back or removed had them. */
export interface DealFields {
  title: string | null;
  status: string | null;
  forecast_amount: number | null;
  close_date: string | null;
  owner_id: string | null;
}

/** Of a win probability's move, the score factor that moved most and the reason it gives. */
export interface MovedFactor {
  factorId: string | null;
  before: number | null;
  after: number | null;
  reason: string | null;
}

/** Who a new call is attributed to, by design.md's rule in this order: the deal's owner, the member who linked it, a speaker named as a member. */
export type CallAttribution = 'deal-owner' | 'linked' | 'speaker';

interface ChangeOf {
  /** Unique in the answer. */
  key: string;
  /** A deal's change: when the copy saw it. A call or an activity: when the service says it was created. */
  at: string;
  dealId: string | null;
  /** The deal as the copy holds it now (a removed deal: as it was last seen). */
  dealTitle: string | null;
  dealStatus: string | null;
  /** The deal is gone from the service (a whole walk of its list no longer found it). */
  dealGone: boolean;
  /** Whose change it is: the deal's owner now, or the member a call is attributed to; null when no one. */
  ownerId: string | null;
}

export type DealChange = ChangeOf &
  (
    | { kind: 'status' | 'title' | 'owner'; before: string | null; after: string | null }
    | { kind: 'amount'; before: number | null; after: number | null }
    /** `pushes`: how many times the copy saw this deal's close date pushed out, this one included when it is one. */
    | { kind: 'close-date'; before: string | null; after: string | null; pushes: number }
    | { kind: 'probability'; before: number | null; after: number | null; factor: MovedFactor | null }
    /**
     * New (created since the bookmark, or since the copy began watching and first seen since the
     * bookmark), back (found gone before, shown again), removed (gone from the service).
     */
    | { kind: 'new-deal' | 'back' | 'removed'; fields: DealFields; createdAt: string | null }
    | {
        kind: 'call';
        callId: string;
        callTitle: string | null;
        attributedBy: CallAttribution | null;
        /** The member whose LINKED activity tied it to its deal, when the copy holds one. */
        linkedBy: string | null;
      }
    /** An activity on an older call, or one of another kind than LINKED. */
    | {
        kind: 'activity';
        action: string | null;
        callId: string | null;
        callTitle: string | null;
        memberId: string | null;
      }
    /**
     * A checklist item not met on a new call; `was`: its status on the deal's latest earlier call
     * that assessed it, null when none did (the deal's first assessment of it).
     */
    | {
        kind: 'checklist';
        callId: string;
        callTitle: string | null;
        item: string | null;
        was: { status: string | null; callId: string; callTitle: string | null } | null;
      }
  );
export type ChangeKind = DealChange['kind'];

export interface WhatChanged {
  since: {
    /** The moment changes are listed from; null when the copy knows no history yet. */
    at: string | null;
    from: SinceFrom;
    /** A named bookmark's name. */
    name: string | null;
  };
  /** When this was read: marking the review done moves "my last look" here. */
  until: string;
  /** From when the copy knows the deals' history (its first sync on this machine); null: none yet. */
  historyKnownSince: string | null;
  /** Newest first. */
  changes: DealChange[];
  /** Deals the copy saw for the first time in the window that were created before it began watching: not changes. */
  firstSeen: number;
  /** Calls and activities the copy holds with no creation time: whether they are new cannot be said. */
  undated: number;
  /** Members by name, for every member the copy holds. */
  names: Record<string, string>;
}
