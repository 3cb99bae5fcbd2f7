import {
  type SnoozeWarningParams,
  WARNING_SNOOZES_CAP,
  type WarningRef,
  type WarningSnooze,
  type WarningSnoozeChange,
} from '../../../../../shared/warning-snoozes';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { ReplicaDatabase } from '../replica-db';

interface SnoozeRow {
  deal_id: string;
  kind: WarningSnooze['kind'];
  until: number;
  snoozed_at: number;
}

const snoozeOf = (row: SnoozeRow): WarningSnooze => ({
  dealId: row.deal_id,
  kind: row.kind,
  until: new Date(row.until).toISOString(),
  snoozedAt: new Date(row.snoozed_at).toISOString(),
});

/**
 * The workspace's snoozed deal warnings in its local copy. A snooze whose moment has passed is over:
 * never listed, and cleared by the next write. Times are ms since the epoch here (`now` is the
 * caller's clock), RFC 3339 across the bridge.
 */
export function warningSnoozes(db: ReplicaDatabase) {
  const current = (ref: WarningRef, now: number) => {
    const row = db
      .prepare<[string, string, number], SnoozeRow>(
        'SELECT deal_id, kind, until, snoozed_at FROM warning_snoozes WHERE deal_id = ? AND kind = ? AND until > ?',
      )
      .get(ref.dealId, ref.kind, now);
    return row ? snoozeOf(row) : null;
  };
  const clearEnded = (now: number) => db.prepare('DELETE FROM warning_snoozes WHERE until <= ?').run(now);

  return {
    /** The snoozes not over yet, by deal. */
    list(now: number): WarningSnooze[] {
      return db
        .prepare<[number], SnoozeRow>(
          'SELECT deal_id, kind, until, snoozed_at FROM warning_snoozes WHERE until > ? ORDER BY deal_id, kind',
        )
        .all(now)
        .map(snoozeOf);
    },

    /** Snoozes a warning until a moment after now; one snoozed already gets the new moment. */
    snooze({ dealId, kind, until }: SnoozeWarningParams, now: number): WarningSnoozeChange {
      const untilMs = Date.parse(until);
      if (!(untilMs > now))
        throw new ApiError({ code: 'invalid_params', message: 'A snooze ends after now: choose a later moment.' });
      return db.transaction(() => {
        clearEnded(now);
        const before = current({ dealId, kind }, now);
        if (!before) {
          const count = db.prepare<[], number>('SELECT count(*) FROM warning_snoozes').pluck().get() ?? 0;
          if (count >= WARNING_SNOOZES_CAP)
            throw new ApiError({
              code: 'invalid_params',
              message: `A workspace keeps at most ${WARNING_SNOOZES_CAP} snoozed warnings: remove one first.`,
            });
        }
        db.prepare(
          `INSERT INTO warning_snoozes (deal_id, kind, until, snoozed_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (deal_id, kind) DO UPDATE SET until = excluded.until, snoozed_at = excluded.snoozed_at`,
        ).run(dealId, kind, untilMs, now);
        return { before, after: current({ dealId, kind }, now) };
      })();
    },

    /** Ends a snooze now: the warning is back at once. */
    remove(ref: WarningRef, now: number): WarningSnoozeChange {
      return db.transaction(() => {
        const before = current(ref, now);
        if (!before) throw new ApiError({ code: 'not_found', message: 'That warning is not snoozed any more.' });
        db.prepare('DELETE FROM warning_snoozes WHERE deal_id = ? AND kind = ?').run(ref.dealId, ref.kind);
        clearEnded(now);
        return { before, after: null };
      })();
    },
  };
}
