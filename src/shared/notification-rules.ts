import { z } from 'zod';

/**
 * The manager's notification rules, digest and quiet hours (issue 30 item 5): what the renderer
 * edits and what the engine keeps per workspace in the local copy, never sent to the service.
 */

/** A local time of day, `HH:MM` on a 24-hour clock. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM');
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/** Whose deals a rule watches: every deal, or the deals whose owner is among chosen members. */
export const RuleTeam = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('members'), memberIds: z.array(z.string().min(1).max(200)).min(1).max(500) }),
]);
export type RuleTeam = z.infer<typeof RuleTeam>;

/** "now": an OS notification as soon as quiet hours allow; "digest": a line of the next digest. */
export const RuleDelivery = z.enum(['now', 'digest']);
export type RuleDelivery = z.infer<typeof RuleDelivery>;

const RuleBase = z.object({
  id: z.string().min(1).max(100),
  team: RuleTeam,
  delivery: RuleDelivery,
});

/** Who said a tracker's words, as a transcript's speaker role tells it. */
export const TrackerSide = z.enum(['buyer', 'seller', 'anyone']);
export type TrackerSide = z.infer<typeof TrackerSide>;

export const NotificationRule = z.discriminatedUnion('kind', [
  /** A deal's win probability (0–100) falls by at least `points` in one scoring. */
  RuleBase.extend({ kind: z.literal('probability-drop'), points: z.int().min(1).max(100) }),
  /** A tracker (any when `trackerId` is null) is said on a call, by the side chosen. */
  RuleBase.extend({
    kind: z.literal('tracker-said'),
    trackerId: z.string().min(1).max(200).nullable(),
    side: TrackerSide,
  }),
  /** A deal's close date is pushed out for the `count`-th time or more. */
  RuleBase.extend({ kind: z.literal('close-date-pushed'), count: z.int().min(1).max(50) }),
  /** A new call on a deal whose forecast amount is over `amount`. */
  RuleBase.extend({ kind: z.literal('new-call-on-large-deal'), amount: z.number().min(0).max(1e12) }),
]);
export type NotificationRule = z.infer<typeof NotificationRule>;
export type RuleKind = NotificationRule['kind'];

/** Far beyond what a manager writes by hand; a bound so a bad window cannot store a million. */
export const RULES_CAP = 50;

export const QuietHours = z.object({ from: TimeOfDay, to: TimeOfDay });
export type QuietHours = z.infer<typeof QuietHours>;

export const NotificationSettings = z.object({
  rules: z.array(NotificationRule).max(RULES_CAP),
  /** When the one digest of the day is sent, local time; null: no digest. */
  digestAt: TimeOfDay.nullable(),
  /** Hours in which nothing is shown (`from` after `to` spans midnight); null: none. */
  quietHours: QuietHours.nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { rules: [], digestAt: '08:30', quietHours: null };

/** What a save replaced, so the edit can be undone by saving `before` again. */
export interface NotificationSettingsChange {
  before: NotificationSettings;
  after: NotificationSettings;
}

/** Where a notification leads. */
export type RuleHitTarget = { screen: 'deal'; id: string } | { screen: 'call'; id: string };

/** One rule that met one change. */
export interface RuleHit {
  /** Unique in the workspace. */
  id: string;
  ruleId: string;
  ruleKind: RuleKind;
  delivery: RuleDelivery;
  title: string;
  body: string;
  target: RuleHitTarget;
  /** When the rule met it. */
  foundAt: string;
  /** When it was shown as an OS notification or sent in a digest; null while it waits. */
  sentAt: string | null;
}

/** A tracker said on a call: the shape the trackers feature gives the rules and the digest. */
export interface TrackerHit {
  /** Unique and stable: a hit is told once. */
  key: string;
  trackerId: string;
  trackerName: string;
  callId: string;
  callTitle: string | null;
  dealId: string | null;
  /** The deal's owner now, for a rule's team. */
  ownerId: string | null;
  /** The speaker's role as the transcript gives it (`buyer`, `seller`, another service's word). */
  speakerRole: string | null;
  text: string;
  /** When the call was created. */
  at: string;
}

/** A call waiting in the review queue: the shape the review queue gives the digest. */
export interface ReviewQueueItem {
  callId: string;
  callTitle: string | null;
  reason: string;
}

/** The counts of What changed in a digest's window, by kind of change. */
export type DigestChangeCounts = Partial<Record<string, number>>;

export interface Digest {
  id: string;
  /** When it was sent. */
  at: string;
  /** Its window's start: the previous digest, or when the rules were first kept. */
  since: string;
  /** The hits of rules delivered "in the digest", newest first. */
  hits: RuleHit[];
  /** What changed in the window, counted by kind. */
  changes: DigestChangeCounts;
  /** The calls waiting in the review queue when it was sent. */
  reviewQueue: ReviewQueueItem[];
  /** The trackers' lines on calls made in the window. */
  trackerHits: TrackerHit[];
}

export interface NotificationsView {
  settings: NotificationSettings;
  /** The latest digest sent, or null before the first. */
  digest: Digest | null;
  /** Notifications shown lately ("now" rules), newest first; the same list browser mode shows in place of OS ones. */
  recent: RuleHit[];
  /** "Now" hits held by quiet hours. */
  held: number;
  /** Hits of "in the digest" rules waiting for the next digest. */
  inNextDigest: number;
}

export const SaveNotificationSettingsParams = NotificationSettings;
