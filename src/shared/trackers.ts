import { z } from 'zod';

/**
 * The manager's trackers (docs/coaching.md, "Trackers"): phrases followed across every transcript
 * of the local copy, and the service's search for the calls it does not hold yet. Kept per
 * workspace in its local copy and never sent.
 */

/** How many trackers a workspace keeps, and phrases a tracker follows. */
export const TRACKERS_CAP = 100;
export const TRACKER_PHRASES_MAX = 20;

export const TrackerId = z.string().regex(/^tr_[0-9a-f-]{36}$/, 'must be a tracker’s id');

/** Whose lines count: the seller side's, the buyer side's, or anyone's (a line's `speaker_role`). */
export const TrackerSide = z.enum(['seller', 'buyer', 'any']);
export type TrackerSide = z.infer<typeof TrackerSide>;

/** Which calls count: all of them, one rep's (by the attribution rule), or one deal's. */
export const TrackerScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('rep'), memberId: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('deal'), dealId: z.string().min(1).max(200) }),
]);
export type TrackerScope = z.infer<typeof TrackerScope>;

/** A phrase needs a letter or a digit: quotes, stars and other marks are not words and are set aside. */
const Phrase = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((phrase) => /[\p{L}\p{N}]/u.test(phrase), 'must hold a word');

export const TrackerDefinition = z.object({
  name: z.string().trim().min(1).max(80),
  phrases: z.array(Phrase).min(1).max(TRACKER_PHRASES_MAX),
  side: TrackerSide,
  scope: TrackerScope,
});
export type TrackerDefinition = z.infer<typeof TrackerDefinition>;

export interface Tracker extends TrackerDefinition {
  id: string;
  /** When it was last defined (RFC 3339). */
  savedAt: string;
}

/** A new tracker without `id`; with one, that tracker as defined now (one removed comes back: undo). */
export const SaveTrackerParams = TrackerDefinition.extend({ id: TrackerId.optional() });
export const TrackerRef = z.object({ id: TrackerId });

/** What a save changed: the tracker before (null: it is new, or came back) and after, to undo. */
export interface TrackerChange {
  before: Tracker | null;
  after: Tracker;
  trackers: Tracker[];
}

/** A call with a mention: where it is from, whose it is, and its first mention (the moment to open). */
export interface TrackerCall {
  callId: string;
  title: string | null;
  createdAt: string | null;
  /** Its ISO week (UTC), `2026-W01`; null when the call's date is not known here. */
  week: string | null;
  dealId: string | null;
  dealTitle: string | null;
  memberId: string | null;
  /** bridge.ts's `AttributionRule` (this file stands below bridge.ts); null: unattributed. */
  rule: 'deal-owner' | 'linked-activity' | 'speaker-name' | null;
  /** Lines that say one of the phrases (a line saying two counts once). */
  mentions: number;
  /** The copy's transcript, or the service's search for a call the copy does not hold yet. */
  source: 'replica' | 'service';
  /** The lines of a call from the service (the copy's are read by `listTrackerHits`). */
  lines: TrackerLine[];
}

export interface TrackerLine {
  callId: string;
  segmentId: string;
  text: string;
  start: number | null;
  speaker: string | null;
}

/** A deal with a mention: on which of its calls so far the first came, and whether that was late. */
export interface TrackerDeal {
  dealId: string;
  title: string | null;
  /** Whether the copy holds the deal itself (one the service deleted is known by its calls alone). */
  held: boolean;
  /** The deal's calls the copy holds. */
  calls: number;
  /** 1-based place of its first call with a mention among them; null when that call's place is not known here. */
  firstAt: number | null;
  late: boolean;
}

/** One ISO week: calls in the tracker's scope whose transcript is searched, and the mentions in them. */
export interface TrackerWeek {
  week: string;
  /** Monday 00:00 UTC, ms. */
  start: number;
  calls: number;
  mentions: number;
}

export interface TrackerReport {
  tracker: Tracker;
  /** Every call with a mention, newest first. */
  calls: TrackerCall[];
  /** From the first week with a searched call to the last, with no week left out. */
  weeks: TrackerWeek[];
  deals: TrackerDeal[];
  coverage: { indexedCalls: number; knownCalls: number; note: string | null };
}

/** The lines of the copy's calls that say the tracker's phrases, up to `LINES_PER_CALL` a call. */
export const TrackerHitsParams = TrackerRef.extend({ callIds: z.array(z.string().min(1).max(200)).min(1).max(500) });
export const LINES_PER_CALL = 5;

/** The tracker "late" rule (docs/coaching.md): the share of a deal's calls after which a first mention is late. */
export const LATE_AFTER_SHARE = 2 / 3;
/** A deal needs this many calls before a first mention can be late. */
export const LATE_MIN_CALLS = 3;
