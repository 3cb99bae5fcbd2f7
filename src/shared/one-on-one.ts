import { z } from 'zod';
import type { PrivateNote } from './private-notes';
import type { DealChange } from './what-changed';

/**
 * The 1:1 brief (issue 29, item 4): one page for the manager's next 1:1 with a rep, read from the
 * local copy alone. The bookmark "Last 1:1 with <rep>" is set when the brief is marked done; the
 * manager's action items are kept beside it, in the copy, never sent.
 */

const MemberId = z.string().min(1).max(400);

/** Before the first 1:1 marked done, a brief looks back this far, as a rep's page does. */
export const FIRST_BRIEF_WEEKS = 8;

export const OneOnOneParams = z.object({ memberId: MemberId });
export const AddActionItemParams = z.object({
  memberId: MemberId,
  text: z.string().trim().min(1, 'An action item needs some text.').max(500),
});
export const SetActionItemDoneParams = z.object({ id: z.string().min(1).max(100), done: z.boolean() });
export const RemoveActionItemParams = z.object({ id: z.string().min(1).max(100) });
/** The 1:1 is done up to now (`at` absent), or the bookmark moves back to `at` (null forgets it): undo. */
export const MarkOneOnOneParams = z.object({
  memberId: MemberId,
  at: z.iso.datetime({ offset: true }).nullable().optional(),
});

export interface ActionItem {
  id: string;
  memberId: string;
  text: string;
  createdAt: string;
  /** Null while open: an open item carries over to every brief until it is done. */
  doneAt: string | null;
}

/** A checklist item a call did not meet, with the improvement suggested and the line it rests on. */
export interface BriefMiss {
  item: string;
  status: string | null;
  improvement: string | null;
  reasoning: string | null;
  /** The transcript line of its first evidence quote the copy finds; null: none. */
  segmentId: string | null;
}

export interface BriefCall {
  id: string;
  title: string | null;
  createdAt: string | null;
  dealId: string | null;
  dealTitle: string | null;
  dealAmount: number | null;
  /** The seller side's longest monologue in seconds; null when the copy holds no transcript. */
  longestMonologue: number | null;
  misses: BriefMiss[];
}

export interface OneOnOneBrief {
  memberId: string;
  since: {
    at: string;
    /** From the last 1:1 marked done, or (before the first) FIRST_BRIEF_WEEKS back. */
    from: 'last-one-on-one' | 'weeks-back';
  };
  builtAt: string;
  /** What changed in the rep's deals since then, newest first. */
  changes: DealChange[];
  /** The rep's calls since then, newest first. */
  calls: BriefCall[];
  /** The three calls most worth an hour, by the stated rule (docs/coaching.md). */
  worthAnHour: BriefCall[];
  /** Calls the manager added "to the rep's next 1:1" from the review queue. */
  queued: BriefCall[];
  /** The manager's private notes on the rep, their deals and these calls. */
  notes: PrivateNote[];
  /** Open items (carried over) and those done since the last 1:1. */
  actionItems: ActionItem[];
  names: Record<string, string>;
}
