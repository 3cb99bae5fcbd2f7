import { z } from 'zod';

/**
 * The manager's snoozes of deal warnings (issue 30): one warning of one deal hidden until a
 * moment, then back by itself. Kept per workspace in its local copy and never sent; a snoozed
 * warning counts nowhere while it sleeps (the Pipeline's counts, At risk only, the review pack says
 * "snoozed until").
 */

/** The warnings a deal can earn (the renderer's deals/deal-warnings.ts raises them). */
export const DealWarningKind = z.enum(['stale', 'close-date-passed', 'no-pricing', 'probability-drop', 'never-scored']);
export type DealWarningKind = z.infer<typeof DealWarningKind>;

/** Far beyond five warnings on every deal a manager follows. */
export const WARNING_SNOOZES_CAP = 10_000;

const DealId = z.string().min(1).max(400);

export const WarningRef = z.object({ dealId: DealId, kind: DealWarningKind });
export type WarningRef = z.infer<typeof WarningRef>;

/** Snoozes a deal's warning until a moment after now (a second snooze of it moves the moment). */
export const SnoozeWarningParams = WarningRef.extend({ until: z.iso.datetime({ offset: true }) });
export type SnoozeWarningParams = z.infer<typeof SnoozeWarningParams>;

export interface WarningSnooze extends WarningRef {
  /** When the warning comes back (RFC 3339). */
  until: string;
  /** When it was snoozed. */
  snoozedAt: string;
}

/** A snooze set or removed, and what was there before, so it can be undone by writing `before` back. */
export interface WarningSnoozeChange {
  before: WarningSnooze | null;
  after: WarningSnooze | null;
}
