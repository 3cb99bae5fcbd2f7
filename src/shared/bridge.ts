import { z } from 'zod';
import {
  Analysis,
  type Deal,
  DealListQuery,
  DealStatus,
  type EndpointData,
  type EndpointDefinition,
  type EndpointName,
  type EndpointResponse,
  endpoints,
  Id,
  type PageMeta,
  PageQuery,
  RevokedKey,
  Scoring,
  SEARCH_MAX_QUERY_LENGTH,
  type Video,
  VideoListQuery,
} from './api';
import { apiKeyProblem } from './api-key-text';
import { Bookmarks, MarkReviewedParams, RemoveBookmarkParams, SaveBookmarkParams } from './bookmarks';
import { type DealReviewPack, DealReviewPackParams, DealReviewPacksParams } from './deal-review-pack';
import { EXPORT_EXTENSIONS, hasExportExtension, isSafeFileName } from './export-file-name';
import {
  type Digest,
  type NotificationSettingsChange,
  type NotificationsView,
  SaveNotificationSettingsParams,
} from './notification-rules';
import {
  type ActionItem,
  AddActionItemParams,
  MarkOneOnOneParams,
  type OneOnOneBrief,
  OneOnOneParams,
  RemoveActionItemParams,
  SetActionItemDoneParams,
} from './one-on-one';
import type { PaletteRecords } from './palette';
import { ListNotesParams, type NoteChange, type PrivateNote, RemoveNoteParams, SaveNoteParams } from './private-notes';
import {
  MarkReviewPassParams,
  type OneOnOneCall,
  OneOnOneCallsParams,
  type ReviewDecisionChange,
  type ReviewPassChange,
  ReviewQueueParams,
  SetReviewDecisionParams,
} from './review-queue';
import { ClearDealOverlay, type OverlayChange, type Rollup, RollupQuery, SetDealOverlay } from './rollup';
import {
  SaveTrackerParams,
  type Tracker,
  type TrackerChange,
  TrackerHitsParams,
  type TrackerLine,
  TrackerRef,
  type TrackerReport,
} from './trackers';
import { SnoozeWarningParams, WarningRef, type WarningSnooze, type WarningSnoozeChange } from './warning-snoozes';
import { type WhatChanged, WhatChangedParams } from './what-changed';

/**
 * The only description of what crosses between renderer and main (GitHub Desktop's
 * ipc-shared.ts, in zod). The preload exposes exactly `CallscopeBridge`; main validates every
 * `params` with these schemas before acting; the renderer only ever sees a `BridgeResult`.
 */

/** Failures that happen on this side of the wire; the service's own codes come from ErrorCode. */
export const ClientErrorCode = z.enum([
  'network_error',
  'timeout',
  'cancelled',
  'invalid_response',
  /** A 3xx: the client follows no redirect; the message says where it pointed. */
  'redirected',
  /** A cursor-paginated list whose pages did not end (a cursor again, nothing new, too many). */
  'endless_pages',
  'invalid_params',
  'no_workspace',
  'key_required',
  'unknown_operation',
  'forbidden_sender',
  'not_available',
  /** Offline, a read reaches past what the local copy keeps (its scope); the message says what it keeps. */
  'outside_local_copy',
  /** What lives only in the local copy (the roll-up, the manager's overlays) while it is off or cannot be read or written. */
  'local_copy_unavailable',
]);
export type ClientErrorCode = z.infer<typeof ClientErrorCode>;

/**
 * Stripe-style: everything a person or support needs, and nothing that parses message text.
 * `code` is one of the interface's codes, a ClientErrorCode, or any other code the service sent.
 */
export const BridgeError = z.object({
  code: z.string(),
  message: z.string(),
  status: z.int().nullable(),
  requestId: z.string().nullable(),
  retryAfter: z.number().nullable(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/**
 * A record the client left out of an answer because it could not be read (a list keeps the
 * others): its id when it has one, where it sat in the answer, and why.
 */
export const UnreadableRecord = z.object({ id: z.string().nullable(), path: z.string(), problem: z.string() });
export type UnreadableRecord = z.infer<typeof UnreadableRecord>;

/**
 * What an API operation gives the renderer: the envelope as read, and the records left out of
 * it. A POST that succeeded with an answer that cannot be read has `data: null` (the job or
 * endpoint exists; the app reads it elsewhere), never an error.
 */
export type ApiResult<N extends EndpointName> = Omit<EndpointResponse<N>, 'data'> & {
  data: (typeof endpoints)[N]['method'] extends 'POST' ? EndpointData<N> | null : EndpointData<N>;
  unreadable: UnreadableRecord[];
};

/**
 * Per workspace, what its service chose where the interface does not say: read from the
 * service's own OpenAPI description when it serves one, the defaults otherwise.
 */
export const ServiceProfile = z.object({
  /** The search text parameter's name (interface, Search: "the parameter name: not shown"). */
  searchTextParam: z.string().min(1).max(100),
  source: z.enum(['openapi', 'default']),
  /**
   * Seconds per unit of transcript times (their unit is not shown): a call page tells by itself
   * from the call's length; search results, which come without it, use what "Check connection" found.
   */
  segmentTimeScale: z.union([z.literal(1), z.literal(0.001)]).default(1),
  /** When the description was last read; null: never (the defaults). */
  readAt: z.string().nullable(),
});
export type ServiceProfile = z.infer<typeof ServiceProfile>;
export const defaultServiceProfile: ServiceProfile = {
  searchTextParam: 'q',
  source: 'default',
  segmentTimeScale: 1,
  readAt: null,
};

/** One read of "Check connection": which screen it stands for, and what it found or why it failed. */
export const ConnectionCheck = z.object({
  screen: z.string(),
  operation: z.string(),
  outcome: z.enum(['ok', 'failed', 'skipped']),
  detail: z.string(),
  code: z.string().nullable(),
  status: z.int().nullable(),
  requestId: z.string().nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

/** An ISO 4217 code (`EUR`): the interface gives amounts without a currency, so a workspace names it. */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as EUR');

export const KeyStorage = z.enum(['keychain', 'session']);
export type KeyStorage = z.infer<typeof KeyStorage>;

export const Workspace = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  kind: z.enum(['demo', 'custom']),
  /** Who the key belongs to, by the name to show. */
  member: z.object({ id: z.string(), display_name: z.string(), email: z.string().nullable() }).nullable(),
  /** false when the key is gone (revoked, signed out, or a session-only key after restart). */
  hasKey: z.boolean(),
  profile: ServiceProfile,
  /** The currency of this workspace's amounts; null: shown as plain numbers. */
  currency: CurrencyCode.nullable(),
});
export type Workspace = z.infer<typeof Workspace>;

export const AppInfo = z.object({
  mode: z.enum(['electron', 'browser']),
  keyStorage: KeyStorage,
  /** Why keys live only for this session, shown to the person; null when the keychain works. */
  keychainProblem: z.string().nullable(),
  /** The settings file was unreadable and replaced with defaults (the old one kept beside it); null otherwise. */
  settingsProblem: z.string().nullable(),
  demoAvailable: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * Where a workspace's local copy lives: 'file', encrypted on disk under a key in the OS keychain;
 * 'memory', this session only (no keychain); 'off', none kept (the person turned it off, or the
 * service refused the key): every read goes to the service.
 */
export const LocalCopyStorage = z.enum(['file', 'memory', 'off']);

/**
 * Why storing in a local copy is paused: the disk is full, or a write failed otherwise ('code',
 * SQLite's, says how). Screens still read what the copy holds and the service's answers; storing
 * resumes by itself once a write succeeds again.
 */
export const StoringPause = z.object({
  reason: z.enum(['disk-full', 'write-failed']),
  since: z.string(),
  code: z.string().nullable(),
});
export type StoringPause = z.infer<typeof StoringPause>;

/**
 * The last time a workspace's local copy was deleted, or set aside and rebuilt, and why: the
 * service refused its key (401, confirmed by a second request), the person signed out, revoked
 * or replaced the key with another member's, chose "Remove local data" or turned the copy off;
 * or the file was damaged or written by a newer Callscope, and kept at `keptAt`.
 */
export const LocalCopyReset = z.object({
  at: z.string(),
  reason: z.enum([
    'key-refused',
    'signed-out',
    'key-revoked',
    'key-replaced',
    'removed',
    'turned-off',
    'damaged',
    'newer-version',
  ]),
  /** Where the old file was kept ('damaged', 'newer-version' on disk); null when it was deleted or in memory. */
  keptAt: z.string().nullable(),
});
export type LocalCopyReset = z.infer<typeof LocalCopyReset>;

/**
 * A read whose stored answer changed: its operation, and the record it names (`id`, the deal of
 * a deal's activity, the call of a transcript), or null for a list. The window re-reads exactly
 * the screens' queries of these reads.
 */
export const ChangedRead = z.object({ op: z.string(), id: z.string().nullable() });
export type ChangedRead = z.infer<typeof ChangedRead>;

/**
 * The active workspace's local replica and whether its service answers: what the freshness line
 * and the disabled actions read.
 */
export const ReplicaStatus = z.object({
  workspaceId: z.string(),
  storage: LocalCopyStorage,
  online: z.boolean(),
  /** The last answer from the service; null when none is known. */
  lastContactAt: z.string().nullable(),
  /** Null while the copy stores what the service answers. */
  storingPaused: StoringPause.nullable(),
  /** The copy was set aside and rebuilt during this session; null otherwise. */
  rebuilt: LocalCopyReset.nullable(),
});
export type ReplicaStatus = z.infer<typeof ReplicaStatus>;

/**
 * What a workspace's local copy keeps, for organisations too large to copy whole at the service's
 * rate limit: everything; the calls created in the last `months` calendar months, with their
 * deals and the deals created or updated since; or the deals the chosen members own, with their
 * calls. Screens ask the service for what lies outside.
 */
export const CopyScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everything') }),
  z.object({ kind: z.literal('recent'), months: z.int().min(1).max(120) }),
  z.object({ kind: z.literal('owners'), ownerIds: z.array(z.string().min(1).max(200)).min(1).max(500) }),
]);
export type CopyScope = z.infer<typeof CopyScope>;

/** Settings' view of a workspace's local copy: where it lives and what it takes. */
export const LocalCopy = z.object({
  workspaceId: z.string(),
  /** The person's choice in Settings. On with storage 'off': the key is gone or refused, none kept until one works. */
  on: z.boolean(),
  storage: LocalCopyStorage,
  /** On disk (the file and SQLite's side files), or in memory; 0 when off. */
  bytes: z.int().nonnegative(),
  storingPaused: StoringPause.nullable(),
  /** Kept in settings across restarts; null when the copy was never deleted or rebuilt. */
  lastReset: LocalCopyReset.nullable(),
  /** What the copy keeps (Settings' choice). */
  scope: CopyScope,
});
export type LocalCopy = z.infer<typeof LocalCopy>;

const SyncCount = z.object({
  known: z.int().nonnegative(),
  synced: z.int().nonnegative(),
  /** Pending records whose last fetch failed: tried again after a wait. */
  failing: z.int().nonnegative(),
  /** Records the lists gave that could not be read, left out; their ids (up to ten) where they had one. */
  skipped: z.int().nonnegative(),
  skippedIds: z.array(z.string().nullable()),
});

/** Requests a second the background sync may make: the interface shows no rate-limit numbers. */
export const SyncBudget = z.number().min(0.5).max(50);
export const DEFAULT_SYNC_BUDGET = 5;

/** The active workspace's background sync: what is stored out of what the list walks found. */
export const SyncStatus = z.object({
  workspaceId: z.string(),
  /**
   * 'syncing' only while a round runs. 'waiting': the last run could not store everything (records
   * the service failed, a list that does not end, an error) and tries again at `nextAttemptAt`.
   * 'key-refused': the service answered 401; the sync waits for a key that works. 'off': this app
   * does not sync in the background (tests, or no replica).
   */
  state: z.enum(['syncing', 'paused', 'offline', 'key-refused', 'up-to-date', 'waiting', 'off']),
  calls: SyncCount,
  deals: SyncCount,
  /** Why the sync is not up to date, in words; null when nothing is wrong. */
  problem: z.string().nullable(),
  /** When the sync runs again by itself; null when nothing is scheduled. */
  nextAttemptAt: z.string().nullable(),
  requestsPerSecond: SyncBudget,
  /** What the copy keeps: the counts above are of what lies within it. */
  scope: CopyScope,
  /** For a scope of recent months, the instant its calls are created after, as last applied; null otherwise or before. */
  scopeSince: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

const LocalHit = z.object({
  segmentId: z.string(),
  text: z.string(),
  start: z.number().nullable(),
  speaker: z.string().nullable(),
  speakerRole: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** Transcript search over the local replica, with the calls it does not hold asked of the service. */
export const LocalSearchParams = z.object({
  q: z.string().min(1).max(SEARCH_MAX_QUERY_LENGTH),
  mode: z.enum(['words', 'whole-word', 'phrase']).default('words'),
  order: z.enum(['newest', 'best']).default('newest'),
  speakerRole: z.string().min(1).max(100).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  dealId: z.string().min(1).max(200).optional(),
  dealStatus: z.string().min(1).max(40).optional(),
  /** One call only (the search palette's Call filter, a saved search's call). */
  videoId: z.string().min(1).max(200).optional(),
  /**
   * false: the copy alone, the calls it does not hold left for a later ask (`coverage.serviceLeft`):
   * the palette paints the copy's lines at once, while the service is still asked for the rest.
   */
  askService: z.boolean().default(true),
  limit: z.int().min(1).max(200).default(50),
  /** Local calls to skip: a later page's `nextOffset`. Only the first page asks the service. */
  offset: z.int().min(0).max(100_000).default(0),
  /** Deal groups to send, the most lines first; every group when absent. */
  dealLimit: z.int().min(0).max(100_000).optional(),
});
export const LocalSearchResult = z.object({
  calls: z.array(
    z.object({
      videoId: z.string(),
      title: z.string().nullable(),
      createdAt: z.string().nullable(),
      dealId: z.string().nullable(),
      dealTitle: z.string().nullable(),
      count: z.int(),
      hits: z.array(LocalHit),
      /** 'replica': found in the local index; 'service': a call not synced yet, found by the service. */
      source: z.enum(['replica', 'service']),
    }),
  ),
  /** Calls with a hit, listed or not, the service's included. */
  callCount: z.int(),
  /** Where the next page of local calls starts; null when this page lists the last. */
  nextOffset: z.int().nullable(),
  deals: z.array(
    z.object({ dealId: z.string().nullable(), title: z.string().nullable(), calls: z.int(), count: z.int() }),
  ),
  /** Deal groups in all, sent or not. */
  dealCount: z.int(),
  totalHits: z.int(),
  /**
   * false: more lines match than one local search reads, so it searched the newest calls only:
   * each call's count is exact, `totalHits` and the deals' counts are "at least".
   */
  complete: z.boolean(),
  /** How much of the workspace the local index covers, and what the service added, in words for the person. */
  coverage: z.object({
    indexedCalls: z.int(),
    knownCalls: z.int(),
    note: z.string().nullable(),
    /** The calls the copy does not hold were to be asked of the service, and were not (`askService` false). */
    serviceLeft: z.boolean(),
    /** The service found more lines than it sent (its limit of 100): the counts are "at least". */
    serviceTruncated: z.boolean(),
  }),
});
export type LocalSearchResult = z.infer<typeof LocalSearchResult>;

/** A search kept under a name: its text and filters, as the palette runs them. */
export const SavedSearchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_QUERY_LENGTH),
  videoId: z.string().min(1).max(200).nullable(),
  dealId: z.string().min(1).max(200).nullable(),
});
export const SAVED_SEARCHES_CAP = 50;
export const SavedSearch = SavedSearchQuery.extend({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(80),
  /** When the person last ran it; calls created after this are "new". */
  lastOpenedAt: z.string(),
  /** Matches in new calls at the last check; `newCapped`: at least that many (the search's cap). */
  newMatches: z.int().nonnegative(),
  newCapped: z.boolean(),
  /** The newest call with a new match: where its notification leads. */
  newestCallId: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

export const Theme = z.enum(['system', 'light', 'dark']);
/** When a deal's board card and page warn (settings; absent in settings files from before them: the defaults). */
export const DealWarningThresholds = z.object({
  /** No activity for this many days. */
  staleDays: z.int().min(1).max(365),
  /** Win probability down this many points or more since the previous scoring. */
  probabilityDrop: z.int().min(1).max(100),
});
export type DealWarningThresholds = z.infer<typeof DealWarningThresholds>;
export const defaultDealWarningThresholds: DealWarningThresholds = { staleDays: 14, probabilityDrop: 10 };
/**
 * What "pricing mentioned" looks for in a deal's calls: a substring search for it finds price,
 * prices, priced, pricing (the service's search, or the local copy's transcripts).
 */
export const PRICING_SEARCH = 'pric';

/**
 * What the local copy holds of a Pipeline card beyond its deal record (deals/useCardFacts.ts,
 * deal-warnings.ts); each is null when the copy does not hold it, and the card reads it itself.
 */
export const BoardCardFacts = z.object({
  /** The detail's win probability: null when the deal was never scored. */
  probability: z.object({ value: z.number().nullable() }).nullable(),
  /** When the newest activity happened: null when the deal has none, absent when it does not say. */
  latestActivity: z.object({ at: z.string().nullable().optional() }).nullable(),
  /** The newest scorings (at most ten), newest first. */
  scorings: z.array(Scoring).nullable(),
  /** How many lines of the deal's calls mention pricing, at least; 0 only when none does. */
  pricingMentions: z.int().nonnegative().nullable(),
});
export type BoardCardFacts = z.infer<typeof BoardCardFacts>;
/** A status's count and forecast sum, of every deal of it the copy holds. */
export const BoardTotals = z.object({ count: z.int().nonnegative(), amount: z.number() });
export type BoardTotals = z.infer<typeof BoardTotals>;
/**
 * A page of a Pipeline column: the deals as `listDeals` gives them, with what the copy holds of
 * each card by deal id, and the column's totals (null when the copy does not hold the whole list:
 * the column counts itself).
 */
export const BoardDealsParams = DealListQuery.pick({ cursor: true, limit: true }).extend({ status: DealStatus });
export type BoardDealsParams = z.output<typeof BoardDealsParams>;
export type BoardDeals = ApiResult<'listDeals'> & {
  facts: Record<string, BoardCardFacts>;
  totals: BoardTotals | null;
};
/**
 * What a row of the calls list shows of its call's deal, as the local copy holds it: its title,
 * or that it is gone (deleted, or not found), as the deal's own read would say.
 */
export const CallRowDeal = z.object({ title: z.string().nullable(), deleted: z.boolean() });
export type CallRowDeal = z.infer<typeof CallRowDeal>;
export const CallRowsParams = VideoListQuery;
export type CallRowsParams = z.output<typeof CallRowsParams>;
/**
 * A page of the calls list as `listVideos` gives it, from the local copy or the service (`from`),
 * with what the copy holds of each row's deal by deal id; a deal not in `deals` is read by its
 * rows themselves.
 */
export type CallRows = ApiResult<'listVideos'> & { deals: Record<string, CallRowDeal>; from: 'copy' | 'service' };

export const DealCallsParams = PageQuery.extend({ id: Id });
export type DealCallsParams = z.output<typeof DealCallsParams>;
/** A call of a deal: its record when the answer holds it (else the row reads it), and its title meanwhile. */
export interface DealCallRow {
  id: string;
  title: string | null;
  call: Video | null;
}
/**
 * A page of a deal's calls. The interface lists no calls by deal: the local copy knows every call
 * of the deal (`from: 'copy'`, each with its record); without it they are the calls the deal's
 * activity links, a page of its activities at a time (`from: 'activity'`, each row reads its call).
 */
export interface DealCalls {
  data: DealCallRow[];
  meta: PageMeta;
  unreadable: UnreadableRecord[];
  from: 'copy' | 'activity';
}

/**
 * How a call came to be a rep's, in the order tried (docs/coaching.md, "Whose call it is"): the
 * owner of its deal; the member of its deal's LINKED activity for it; its seller-side speaker
 * named as a member. A call none of them gives is unattributed.
 */
export type AttributionRule = 'deal-owner' | 'linked-activity' | 'speaker-name';

/**
 * What the local copy holds for a coaching screen, whose figures come from it alone: none (off,
 * unreadable, or its engine restarting), or what it keeps (its scope, and for recent months since
 * when), whether a sync round has walked every list yet, and how many of the calls the sync knows
 * are stored whole.
 */
export type CoachingCopy =
  | { kind: 'none'; reason: 'off' | 'unreadable' | 'unavailable' }
  | {
      kind: 'held';
      scope: CopyScope;
      scopeSince: string | null;
      walked: boolean;
      sync: SyncStatus['state'];
      calls: { known: number; stored: number };
    };

/**
 * Why a call is worth reviewing; the ranking weighs each (renderer/coaching/review-ranking.ts).
 * A kind is added here and given its points there (the trackers' `tracker-hit`, say).
 */
export type QueueReason =
  | { kind: 'not-met'; item: string }
  | { kind: 'partly-met'; item: string }
  | { kind: 'monologue'; seconds: number }
  | { kind: 'deal-warning'; text: string }
  | { kind: 'tracker-hit'; trackerId: string; tracker: string; mentions: number };

export interface QueueCall {
  callId: string;
  title: string | null;
  createdAt: string | null;
  /** When it came in for review: the later of becoming READY and its newest analysis finishing. */
  cameAt: string;
  memberId: string | null;
  rule: AttributionRule | null;
  dealId: string | null;
  dealTitle: string | null;
  dealAmount: number | null;
  /** A snoozed call back on its date: when the snooze ended. */
  snoozedUntil: string | null;
  /** The reasons the copy gives; the deal's warnings are added on screen, by the Pipeline's rules. */
  reasons: QueueReason[];
}

/** A rep's own coverage over the window: every call that came in, and what the manager decided. */
export interface RepCoverage {
  /** Null: the calls no rule attributes to a rep. */
  memberId: string | null;
  calls: number;
  reviewed: number;
  oneOnOne: number;
  dismissed: number;
  snoozed: number;
  /** In the queue now. */
  waiting: number;
}

export interface ReviewQueue {
  copy: CoachingCopy;
  /** The manager's last pass, or null before the first. */
  lastPassAt: string | null;
  /** Calls that came in after this are in the queue (null: every call). */
  since: string | null;
  /** Newest first; the screen ranks them. */
  calls: QueueCall[];
  /** The open deals of the calls, with the facts their warnings are read from. */
  deals: Deal[];
  facts: Record<string, BoardCardFacts>;
  /** Over the window (not moved by passes), one row per rep with calls in it. */
  coverage: RepCoverage[];
}

/** What the queue reads while there is no copy to read it from: nothing, the copy saying why beside it. */
export const NO_REVIEW_QUEUE: Omit<ReviewQueue, 'copy'> = {
  lastPassAt: null,
  since: null,
  calls: [],
  deals: [],
  facts: {},
  coverage: [],
};

const MemberRef = z.object({ memberId: z.string().min(1).max(200) });

/** A rep's open deals (OPEN and ON_HOLD, by owner), with what the copy holds of each (as the Pipeline's cards). */
export const RepDealsParams = MemberRef;
export interface RepDeals {
  copy: CoachingCopy;
  deals: Deal[];
  facts: Record<string, BoardCardFacts>;
}

/** A call's figures (docs/coaching.md, "The figures"); null where the transcript cannot give one. */
export interface CallFigures {
  /** The seller side's share of the time anyone speaks, 0-1. */
  talkShare: number | null;
  /** Seconds of the seller side's longest monologue. */
  longestMonologue: number | null;
  /** Questions the seller side asked. */
  questions: number | null;
  /** Changes of speaker per minute. */
  switchesPerMinute: number | null;
}
/** Medians of calls' figures, each over the calls that have it; `calls`: how many calls had a transcript. */
export interface FigureMedians extends CallFigures {
  calls: number;
}
export interface RepCall {
  id: string;
  title: string | null;
  createdAt: string | null;
  dealId: string | null;
  dealTitle: string | null;
  rule: AttributionRule;
  /** Its lines are held; the service said it has none (or none with text); or the copy does not hold it yet. */
  transcript: 'held' | 'none' | 'missing';
  figures: CallFigures | null;
}

/**
 * A rep's calls in a period of weeks, their figures against the team's (every call attributed to
 * a member), over the period and week by week. `weeks`: the instants where each week starts, and
 * the end of the last (the window's own time zone's Mondays, as the screen chose them).
 */
export const RepFiguresParams = MemberRef.extend({
  weeks: z
    .array(z.int().nonnegative())
    .min(2)
    .max(54)
    .refine((weeks) => weeks.every((at, index) => index === 0 || at > weeks[index - 1]!), 'must ascend'),
});
export type RepFiguresParams = z.output<typeof RepFiguresParams>;
export interface RepFigures {
  copy: CoachingCopy;
  /** The rep's calls of the period, newest first. */
  calls: RepCall[];
  rep: FigureMedians;
  team: FigureMedians;
  weeks: { start: number; rep: FigureMedians; team: FigureMedians }[];
}

/** How often an item was met in some calls: `n` counts met and not met; `other`, statuses neither. */
export interface ItemTally {
  met: number;
  n: number;
  other: number;
  /** met / n; null when n is 0. */
  share: number | null;
}
/** A rep's last `last` analysed calls, and the `last` before them (null when there were none). */
export interface MatrixCell {
  now: ItemTally;
  before: ItemTally | null;
}
export interface MatrixRow {
  memberId: string;
  /** Analysed calls attributed to the rep in the copy, all of them. */
  analysed: number;
  /** By item text; an item none of the rep's last calls had is absent. */
  cells: Record<string, MatrixCell>;
}
export const ChecklistMatrixParams = z.object({ last: z.int().min(1).max(100) });
export type ChecklistMatrixParams = z.output<typeof ChecklistMatrixParams>;
export interface ChecklistMatrix {
  copy: CoachingCopy;
  /** Every item text of the analysed calls, in checklist order. */
  items: string[];
  /** Every member, and any member id a call is attributed to that the team list lacks. */
  rows: MatrixRow[];
  /** Analysed calls no rule attributes to a member. */
  unattributed: number;
}

/** Of a rep's last `last` analysed calls, those where an item was not met (a status other than the known ones is not). */
export const ChecklistMissesParams = MemberRef.extend({
  itemText: z.string().min(1).max(2000),
  last: ChecklistMatrixParams.shape.last,
});
export type ChecklistMissesParams = z.output<typeof ChecklistMissesParams>;
export interface ChecklistMiss {
  callId: string;
  title: string | null;
  createdAt: string | null;
  dealTitle: string | null;
  rule: AttributionRule;
  status: string;
  reasoning: string | null;
  improvement: string | null;
  /** Quotes, each with the transcript line it was said in when the copy finds it. */
  evidence: { text: string; relevance: string | null; segmentId: string | null }[];
}
export interface ChecklistMisses {
  copy: CoachingCopy;
  misses: ChecklistMiss[];
}

export const Preferences = z.object({ theme: Theme, dealWarnings: DealWarningThresholds.optional() });
export type Preferences = z.infer<typeof Preferences>;

const WorkspaceRef = z.object({ workspaceId: z.string().min(1) });
/** Checked in main before any request; the renderer shows the same sentence before sending. */
const ApiKeyText = z.string().check((ctx) => {
  const problem = apiKeyProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});
/** Far above any call's transcript (ten thousand segments are a few megabytes). */
const EXPORT_MAX_CHARACTERS = 64 * 1024 * 1024;
/** Made once per user action and reused on every retry, so a retried POST starts one job. */
const IdempotencyKey = z.string().min(8).max(256);
const Empty = z.object({});

export const JobKind = z.enum(['analysis', 'scoring']);
export type JobKind = z.infer<typeof JobKind>;
const JobRef = z.object({ kind: JobKind, parentId: z.string().min(1), jobId: z.string().min(1) });
export type JobRef = z.infer<typeof JobRef>;
export const JobFollowState = z.enum(['following', 'retrying', 'gave-up', 'still-running']);
export type JobFollowState = z.infer<typeof JobFollowState>;

/**
 * A Re-score or Analyze started while the service could not be reached, kept in the workspace's
 * local copy until main's outbox has sent it (`refused`: the service answered it with a refusal,
 * shown until the person dismisses it). Its id is the start's `Idempotency-Key`.
 */
export const QueuedJob = z.object({
  idempotencyKey: IdempotencyKey,
  kind: JobKind,
  parentId: z.string().min(1),
  queuedAt: z.string(),
  refused: BridgeError.nullable(),
});
export type QueuedJob = z.infer<typeof QueuedJob>;
const QueuedJobs = z.object({ jobs: z.array(QueuedJob) });
/** How main changes the queue in the copy; the engine keeps, besides, the history's ids before the first send. */
export const QueuedJobChange = z.discriminatedUnion('do', [
  z.object({ do: z.literal('list') }),
  z.object({ do: z.literal('add'), job: QueuedJob.pick({ idempotencyKey: true, kind: true, parentId: true }) }),
  z.object({ do: z.literal('remove'), idempotencyKey: IdempotencyKey }),
  z.object({ do: z.literal('known'), idempotencyKey: IdempotencyKey, known: z.array(z.string()) }),
  z.object({ do: z.literal('refused'), idempotencyKey: IdempotencyKey, error: BridgeError }),
]);
export type QueuedJobChange = z.infer<typeof QueuedJobChange>;

/**
 * An API operation: the endpoint's path, query and body fields as one flat params object; its
 * result is the endpoint's `ApiResult`.
 */
function apiOperation<N extends EndpointName>(name: N, extra: z.ZodRawShape = {}) {
  const def: EndpointDefinition = endpoints[name];
  const params = z.strictObject({
    ...def.pathParams?.shape,
    ...def.query?.shape,
    ...def.body?.shape,
    ...extra,
  });
  return { params, endpoint: name };
}
const withIdempotency = { idempotencyKey: IdempotencyKey };

export const operations = {
  getAppInfo: { params: Empty, result: AppInfo },
  listWorkspaces: {
    params: Empty,
    result: z.object({ workspaces: z.array(Workspace), activeId: z.string().nullable() }),
  },
  openDemoWorkspace: { params: Empty, result: Workspace },
  addWorkspace: {
    params: z.object({
      baseUrl: z.string().min(1).max(2048),
      apiKey: ApiKeyText,
      name: z.string().max(100).optional(),
    }),
    result: Workspace,
  },
  switchWorkspace: { params: WorkspaceRef, result: Workspace },
  replaceKey: { params: WorkspaceRef.extend({ apiKey: ApiKeyText }), result: Workspace },
  setWorkspaceCurrency: { params: WorkspaceRef.extend({ currency: CurrencyCode.nullable() }), result: Workspace },
  signOut: { params: WorkspaceRef, result: z.object({ workspaceId: z.string() }) },
  /** Forgets the workspace: its settings, its key and its local copy. The service keeps everything. */
  removeWorkspace: { params: WorkspaceRef, result: z.object({ workspaceId: z.string() }) },
  revokeKey: { params: WorkspaceRef, result: RevokedKey },
  /** Reads the service's profile again and tries one read per screen. */
  checkConnection: {
    params: WorkspaceRef,
    result: z.object({ profile: ServiceProfile, checks: z.array(ConnectionCheck) }),
  },
  getPreferences: { params: Empty, result: Preferences },
  setPreferences: { params: Preferences.partial(), result: Preferences },
  listRecentSearches: { params: Empty, result: z.array(z.string()) },
  addRecentSearch: {
    params: z.object({ q: z.string().min(1).max(SEARCH_MAX_QUERY_LENGTH) }),
    result: z.array(z.string()),
  },
  /** The active workspace's saved searches, with what their last check found. */
  listSavedSearches: { params: Empty, result: z.array(SavedSearch) },
  saveSearch: { params: SavedSearchQuery.extend({ name: SavedSearch.shape.name }), result: z.array(SavedSearch) },
  /** Runs it: its new matches are now seen. */
  openSavedSearch: { params: z.object({ id: z.string().min(1) }), result: SavedSearch },
  deleteSavedSearch: { params: z.object({ id: z.string().min(1) }), result: z.array(SavedSearch) },
  /**
   * Writes an export where the person chooses in the desktop's save dialog; `saved` is false when
   * they cancelled. Browser mode has no dialog (`not_available`): the page downloads the file itself.
   */
  saveFile: {
    params: z.object({
      suggestedName: z
        .string()
        .refine(isSafeFileName, 'must be a bare file name that every OS accepts, without invisible characters')
        .refine(hasExportExtension, `must end in .${EXPORT_EXTENSIONS.join(', .')}: the exports' formats`),
      content: z.string().max(EXPORT_MAX_CHARACTERS),
    }),
    result: z.object({ saved: z.boolean() }),
  },
  getReplicaStatus: { params: Empty, result: ReplicaStatus },
  /**
   * A page of a Pipeline column, with what each card shows, in one answer: from the local copy
   * when the sync keeps it up to date (no request to the service), else the service's page with
   * no facts (each card reads its own).
   */
  listBoardDeals: {
    params: BoardDealsParams,
    result: z.custom<BoardDeals>(),
  },
  /**
   * Owners × close months of a range from the local copy, never the service: the deals with their
   * amounts, probabilities and the manager's overlays, and those that slipped out of a month since.
   */
  getRollup: { params: RollupQuery, result: z.custom<Rollup>() },
  /** The manager's own call on a deal, kept in the local copy only (never sent); returns before and after, to undo. */
  setDealOverlay: { params: SetDealOverlay, result: z.custom<OverlayChange>() },
  clearDealOverlay: { params: ClearDealOverlay, result: z.custom<OverlayChange>() },
  /**
   * A page of the calls list with what each row shows of its deal, in one answer: from the local
   * copy while the sync keeps it up to date (no request to the service), else the service's page
   * with the deals the copy keeps (the others' rows read their own).
   */
  listCallRows: { params: CallRowsParams, result: z.custom<CallRows>() },
  /** A page of a deal's calls, each with its record: from the local copy, else as its activity links them. */
  listDealCalls: { params: DealCallsParams, result: z.custom<DealCalls>() },
  /** A rep's open deals from the local copy, with what it holds of each (coaching; never asks the service). */
  listRepDeals: { params: RepDealsParams, result: z.custom<RepDeals>() },
  /** A rep's calls of some weeks with their figures against the team's, from the local copy. */
  getRepFigures: { params: RepFiguresParams, result: z.custom<RepFigures>() },
  /** Reps × checklist items: how often each rep met each item in their last analysed calls, from the local copy. */
  getChecklistMatrix: { params: ChecklistMatrixParams, result: z.custom<ChecklistMatrix>() },
  /** The calls behind a cell of the matrix where the item was not met, with their evidence. */
  listChecklistMisses: { params: ChecklistMissesParams, result: z.custom<ChecklistMisses>() },
  /** The review queue (calls in since the last pass, with their reasons) and each rep's coverage, from the local copy. */
  getReviewQueue: { params: ReviewQueueParams, result: z.custom<ReviewQueue>() },
  /** The manager's decision on a call, kept in the local copy only (never sent); before and after, to undo. */
  setReviewDecision: { params: SetReviewDecisionParams, result: z.custom<ReviewDecisionChange>() },
  /** The pass through the review queue is done up to a moment (now when absent; null forgets it). */
  markReviewPass: { params: MarkReviewPassParams, result: z.custom<ReviewPassChange>() },
  /** A rep's calls decided "add to the next 1:1" since a moment (their last 1:1), for the 1:1 brief. */
  listOneOnOneCalls: { params: OneOnOneCallsParams, result: z.custom<{ calls: OneOnOneCall[] }>() },
  getSyncStatus: { params: Empty, result: SyncStatus },
  searchLocal: { params: LocalSearchParams, result: LocalSearchResult },
  /**
   * A call's transcript as the local copy holds it, or null: never asks the service (no request,
   * none of its rate limit), so a list can read ahead the calls it shows.
   */
  getHeldTranscript: {
    params: z.object({ id: z.string().min(1) }),
    result: z.custom<ApiResult<'getTranscript'> | null>(),
  },
  pauseSync: { params: Empty, result: SyncStatus },
  resumeSync: { params: Empty, result: SyncStatus },
  setSyncBudget: { params: z.object({ requestsPerSecond: SyncBudget }), result: SyncStatus },
  getLocalCopy: { params: WorkspaceRef, result: LocalCopy },
  /** Off deletes the copy and its key and stops the sync; on again starts an empty copy and syncs it. */
  setLocalCopy: { params: WorkspaceRef.extend({ on: z.boolean() }), result: LocalCopy },
  /** Deletes the copy and its key; it starts again empty (or stays off). */
  removeLocalData: { params: WorkspaceRef, result: LocalCopy },
  /**
   * What the copy keeps from now on: what lies outside is deleted from it at once (nothing of it
   * stays, transcripts included); what a wider scope adds is fetched by the sync.
   */
  setCopyScope: { params: WorkspaceRef.extend({ scope: CopyScope }), result: LocalCopy },
  /**
   * Every change to the active workspace's deals since a bookmark, from its local copy alone (so
   * offline too): status, amount, close date, owner, win probability, deals new and gone, new
   * calls and activities, checklist items not met on a new call.
   */
  whatChanged: { params: WhatChangedParams, result: z.custom<WhatChanged>() },
  /** One deal's review pack, from the local copy in one read; offline too (not_found: the copy holds no such deal). */
  getDealReviewPack: { params: DealReviewPackParams, result: z.custom<DealReviewPack>() },
  /**
   * Several deals' review packs (a roll-up row's, at most MAX_PACK_DEALS), in the order asked,
   * from the local copy in one read (not_found: the copy holds one of them not).
   */
  getDealReviewPacks: { params: DealReviewPacksParams, result: z.custom<DealReviewPack[]>() },
  /** The active workspace's bookmarks ("my last look" and named moments), kept in its local copy, never sent. */
  listBookmarks: { params: Empty, result: Bookmarks },
  /** The review is done: "my last look" moves up to the moment given (now when absent). */
  markReviewed: { params: MarkReviewedParams, result: Bookmarks },
  saveBookmark: { params: SaveBookmarkParams, result: Bookmarks },
  removeBookmark: { params: RemoveBookmarkParams, result: Bookmarks },
  /** The manager's trackers (docs/coaching.md, "Trackers"), kept in the local copy, never sent. */
  listTrackers: { params: Empty, result: z.custom<Tracker[]>() },
  /** Defines one (new without `id`); returns it before and after, to undo. */
  saveTracker: { params: SaveTrackerParams, result: z.custom<TrackerChange>() },
  removeTracker: { params: TrackerRef, result: z.custom<{ removed: Tracker; trackers: Tracker[] }>() },
  /** A tracker over every transcript of the copy and the service's search for the calls it does not hold. */
  getTrackerReport: { params: TrackerRef, result: z.custom<TrackerReport>() },
  /** The lines of the copy's calls that say a tracker's phrases. */
  listTrackerHits: { params: TrackerHitsParams, result: z.custom<TrackerLine[]>() },
  /** The manager's private notes from the active workspace's local copy, never sent: about records, or holding a text. */
  listNotes: { params: ListNotesParams, result: z.custom<PrivateNote[]>() },
  /** Writes a note (new, new text, or a removed one back); returns before and after, to undo. */
  saveNote: { params: SaveNoteParams, result: z.custom<NoteChange>() },
  removeNote: { params: RemoveNoteParams, result: z.custom<NoteChange>() },
  /** A rep's 1:1 brief from the local copy: since the last 1:1 (or the copy's history), never the service. */
  getOneOnOneBrief: { params: OneOnOneParams, result: z.custom<OneOnOneBrief>() },
  /** The 1:1 is done: the bookmark "Last 1:1 with <rep>" moves to now (or back to `at`, to undo); when it was before. */
  markOneOnOne: { params: MarkOneOnOneParams, result: z.object({ before: z.string().nullable() }) },
  addActionItem: { params: AddActionItemParams, result: z.custom<ActionItem>() },
  setActionItemDone: { params: SetActionItemDoneParams, result: z.custom<ActionItem>() },
  /** An action item added by mistake goes (the undo of adding one). */
  removeActionItem: { params: RemoveActionItemParams, result: Empty },
  /** The active workspace's notification rules, digest and quiet hours, its latest digest and what was shown lately (local copy only). */
  getNotifications: { params: Empty, result: z.custom<NotificationsView>() },
  /** Saves the rules, digest time and quiet hours whole; returns what they replaced, to undo. */
  saveNotificationSettings: {
    params: SaveNotificationSettingsParams,
    result: z.custom<NotificationSettingsChange>(),
  },
  /** Sends the digest now (null when there is nothing to tell); the next one counts from now. */
  sendDigestNow: { params: Empty, result: z.custom<Digest | null>() },
  /** Undoes a removal or a replacement: the saved search back as it was (its id and when it was last run kept). */
  restoreSavedSearch: { params: SavedSearch, result: z.array(SavedSearch) },
  /** The palette's records in one read: the local copy's deals, calls, reps and trackers (bounded), and the saved searches. */
  listPaletteRecords: { params: Empty, result: z.custom<PaletteRecords & { savedSearches: SavedSearch[] }>() },
  /** The active workspace's snoozed deal warnings not over yet, from its local copy, never sent. */
  listWarningSnoozes: { params: Empty, result: z.custom<WarningSnooze[]>() },
  /** Hides a deal's warning until a moment after now; returns the snooze before and after, to undo. */
  snoozeWarning: { params: SnoozeWarningParams, result: z.custom<WarningSnoozeChange>() },
  /** Ends a snooze now (the warning is back); returns what it was, to undo. */
  removeWarningSnooze: { params: WarningRef, result: z.custom<WarningSnoozeChange>() },
  watchJob: { params: JobRef, result: Empty },
  unwatchJob: { params: JobRef, result: Empty },
  /**
   * The job a start whose answer could not be read created, looked for in the newest page of its
   * parent's history as the service answers it now, not as the local copy holds it (`known`: the
   * ids the history held before the start, null when it had not been read): its id, or null.
   */
  findStartedJob: {
    params: z.object({
      kind: JobKind,
      parentId: z.string().min(1),
      known: z.array(z.string()).max(10_000).nullable(),
    }),
    result: z.object({ jobId: z.string().nullable() }),
  },

  /** The active workspace's queued starts (a Re-score or Analyze kept while the service could not be reached). */
  listQueuedJobs: { params: Empty, result: QueuedJobs },
  /**
   * Keeps a start the service could not be reached for, with the key its first attempt used, to
   * be sent once when the service answers again. One per deal or call: a second one while the
   * first waits is the first. Refused without a local copy (nowhere to keep it).
   */
  queueJob: {
    params: z.object({ kind: JobKind, parentId: z.string().min(1), idempotencyKey: IdempotencyKey }),
    result: QueuedJobs,
  },
  /** Takes a queued start back before it is sent (or dismisses a refused one); one being sent is not taken back. */
  cancelQueuedJob: { params: z.object({ idempotencyKey: IdempotencyKey }), result: QueuedJobs },

  listVideos: apiOperation('listVideos'),
  getVideo: apiOperation('getVideo'),
  getTranscript: apiOperation('getTranscript'),
  getVideoEvents: apiOperation('getVideoEvents'),
  getSummary: apiOperation('getSummary'),
  getChecklist: apiOperation('getChecklist'),
  startAnalysis: apiOperation('startAnalysis', withIdempotency),
  listAnalyses: apiOperation('listAnalyses'),
  getAnalysis: apiOperation('getAnalysis'),
  listDeals: apiOperation('listDeals'),
  getDeal: apiOperation('getDeal'),
  listActivities: apiOperation('listActivities'),
  startScoring: apiOperation('startScoring', withIdempotency),
  listScorings: apiOperation('listScorings'),
  getScoring: apiOperation('getScoring'),
  getMe: apiOperation('getMe'),
  listMembers: apiOperation('listMembers'),
  searchTranscripts: apiOperation('searchTranscripts'),
  createWebhook: apiOperation('createWebhook', withIdempotency),
  listWebhooks: apiOperation('listWebhooks'),
  deleteWebhook: apiOperation('deleteWebhook'),
} as const;

export type OperationName = keyof typeof operations;
export type OperationParams<N extends OperationName> = z.input<(typeof operations)[N]['params']>;
/** Bridge operations that are one endpoint each; `revokeKey` is a workspace action instead. */
export type ApiOperationName = Exclude<Extract<OperationName, EndpointName>, 'revokeKey'>;
export type OperationResult<N extends OperationName> = N extends ApiOperationName
  ? ApiResult<N>
  : (typeof operations)[N] extends { result: infer R extends z.ZodType }
    ? z.output<R>
    : never;

/**
 * A screen to open, as main names it (a notification's job, a menu item); the renderer's
 * navigation/routes.ts turns it into an address, in that one place.
 */
export const NavigationTarget = z.discriminatedUnion('screen', [
  z.object({ screen: z.literal('pipeline') }),
  z.object({ screen: z.literal('rollup') }),
  z.object({ screen: z.literal('deal'), id: z.string().min(1) }),
  z.object({ screen: z.literal('calls') }),
  z.object({
    screen: z.literal('call'),
    id: z.string().min(1),
    /** A segment (a search result, a quote) or a moment in seconds from the start (a moment link). */
    at: z
      .union([
        z.object({ segmentId: z.string().min(1), highlight: z.string().optional() }),
        z.object({ seconds: z.number().nonnegative().finite() }),
      ])
      .optional(),
  }),
  z.object({ screen: z.literal('team') }),
  z.object({ screen: z.literal('webhooks') }),
  z.object({ screen: z.literal('settings') }),
  z.object({ screen: z.literal('digest') }),
  z.object({ screen: z.literal('notifications') }),
]);
export type NavigationTarget = z.infer<typeof NavigationTarget>;

/** Events main pushes to the renderer. */
export const bridgeEvents = {
  /**
   * A watched analysis or scoring changed (the last one is no longer processing). The one stream
   * of a live job: the renderer takes it as the job's current state and does not fetch it again.
   */
  jobUpdated: z.object({
    workspaceId: z.string(),
    kind: JobKind,
    parentId: z.string(),
    job: z.union([Analysis, Scoring]),
    /** The request that read this state, for a failure's details. */
    requestId: z.string(),
  }),
  /**
   * How main's following of a watched job stands when reading it did not simply work: `retrying`
   * (a read failed; it tries again), `gave-up` (reads kept failing, or one was refused: `error`
   * says why), `still-running` (still processing after a long time, no longer followed), and
   * `following` again once a read succeeds. The renderer shows each, with a way to look again.
   */
  jobFollowing: z.object({
    workspaceId: z.string(),
    kind: JobKind,
    parentId: z.string(),
    jobId: z.string(),
    state: JobFollowState,
    /** The last read's failure; null while following or when it stopped on a job still running. */
    error: BridgeError.nullable(),
  }),
  /** Open a screen: a notification was clicked or a menu item chosen. */
  navigate: NavigationTarget,
  /** The client is waiting before a retry (429 Retry-After, 503, network). */
  clientWaiting: z.object({ workspaceId: z.string(), code: z.string(), retryInMs: z.number().nonnegative() }),
  workspacesChanged: Empty,
  /** Answers the screens of this workspace read from the replica were refreshed by the service: read them again. */
  /** Stored answers changed: which reads (an operation, and the record it names when it names one). */
  replicaChanged: z.object({ workspaceId: z.string(), reads: z.array(ChangedRead) }),
  /** The background sync stored more, or changed state. */
  syncProgress: SyncStatus,
  /** A local copy paused or resumed storing, was rebuilt or removed: its status and Settings read again. */
  localCopyChanged: z.object({ workspaceId: z.string() }),
  /** A check of the saved searches found other new matches, or one was saved, run or deleted. */
  savedSearchesChanged: z.object({ workspaceId: z.string() }),
  /** The rules found something, a notification or a digest was sent, or the rules were saved. */
  notificationsChanged: z.object({ workspaceId: z.string() }),
  /** The workspace's service stopped or started answering. */
  connectivityChanged: ReplicaStatus.pick({ workspaceId: true, online: true, lastContactAt: true }),
  /** The queued starts changed: one was queued, cancelled, sent (`sent`: the job it started) or refused. */
  queuedJobsChanged: z.object({
    workspaceId: z.string(),
    sent: z.object({ kind: JobKind, parentId: z.string(), jobId: z.string() }).nullable(),
  }),
} as const;

export type BridgeEventName = keyof typeof bridgeEvents;
export type BridgeEventPayload<E extends BridgeEventName> = z.infer<(typeof bridgeEvents)[E]>;

/** `window.callscope`: the same shape from Electron's preload and from browser mode's shim. */
export interface CallscopeBridge {
  invoke<N extends OperationName>(
    op: N,
    params: OperationParams<N>,
    callId?: string,
  ): Promise<BridgeResult<OperationResult<N>>>;
  /** Aborts the call started with this callId (a query the renderer abandoned). */
  cancel(callId: string): void;
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
}
