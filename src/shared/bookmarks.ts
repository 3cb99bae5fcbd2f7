import { z } from 'zod';

/**
 * The manager's bookmarks: moments to read "what changed since" from. Kept per workspace in its
 * local copy and never sent to the service (design.md, "The manager's week").
 */

/** An instant as the bridge carries one: RFC 3339, `Z` or an offset. */
const Instant = z.iso.datetime({ offset: true });

/** How many named bookmarks a workspace keeps, far beyond a year of weekly forecast calls. */
export const BOOKMARKS_CAP = 200;

/** A moment the manager named ("forecast call 12 Nov"). */
export const NamedBookmark = z.object({
  id: z.string(),
  name: z.string(),
  /** The moment it marks. */
  at: z.string(),
  /** When it was saved. */
  savedAt: z.string(),
});
export type NamedBookmark = z.infer<typeof NamedBookmark>;

export const Bookmarks = z.object({
  /** "My last look": up to when the manager last marked the review done; null before the first time. */
  lastLook: z.object({ at: z.string(), savedAt: z.string() }).nullable(),
  /** The named ones, the latest moment first. */
  named: z.array(NamedBookmark),
});
export type Bookmarks = z.infer<typeof Bookmarks>;

/**
 * The review is done: "my last look" moves to `upTo` (a screen passes the moment its changes were
 * read, so a change that arrived while the manager read them is still new next time); absent: now.
 * Null forgets it again, which undoes a first mark.
 */
export const MarkReviewedParams = z.object({ upTo: Instant.nullable().optional() });
export const SaveBookmarkParams = z.object({ name: z.string().trim().min(1).max(80), at: Instant });
export const RemoveBookmarkParams = z.object({ id: z.string().min(1).max(100) });

/** Since when a screen reads: "my last look", a named bookmark, or any moment ("last Monday 9:00", a date). */
export const ChangesSince = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('last-look') }),
  z.object({ kind: z.literal('bookmark'), id: RemoveBookmarkParams.shape.id }),
  z.object({ kind: z.literal('moment'), at: Instant }),
]);
export type ChangesSince = z.infer<typeof ChangesSince>;

/** Where a read "since" started: 'history-start' when "my last look" was never marked (everything the copy knows). */
export type SinceFrom = 'last-look' | 'bookmark' | 'moment' | 'history-start';
