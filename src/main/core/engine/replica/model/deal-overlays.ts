import type { DealOverlay, ForecastCall, OverlayChange } from '../../../../../shared/rollup';
import type { ReplicaDatabase } from '../replica-db';

interface OverlayRow {
  deal_id: string;
  call: ForecastCall | null;
  amount: number | null;
}

const overlayOf = (row: OverlayRow | undefined): DealOverlay | null =>
  row ? { call: row.call, amount: row.amount } : null;

/** Every overlay the manager set, by deal id. */
export function overlaysIn(db: ReplicaDatabase): Map<string, DealOverlay> {
  const rows = db.prepare<[], OverlayRow>('SELECT deal_id, call, amount FROM deal_overlays').all();
  return new Map(rows.map((row) => [row.deal_id, overlayOf(row)!]));
}

/**
 * Sets the manager's overlay on a deal (null, or neither a call nor an amount, removes it) and
 * says what it was before, so the change can be undone by setting that again.
 */
export function writeOverlay(
  db: ReplicaDatabase,
  dealId: string,
  overlay: DealOverlay | null,
  at: number,
): OverlayChange {
  const select = db.prepare<[string], OverlayRow>('SELECT deal_id, call, amount FROM deal_overlays WHERE deal_id = ?');
  const after = overlay && (overlay.call !== null || overlay.amount !== null) ? overlay : null;
  return db.transaction(() => {
    const before = overlayOf(select.get(dealId));
    if (after === null) db.prepare('DELETE FROM deal_overlays WHERE deal_id = ?').run(dealId);
    else
      db.prepare(
        `INSERT INTO deal_overlays (deal_id, call, amount, set_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (deal_id) DO UPDATE SET call = excluded.call, amount = excluded.amount, set_at = excluded.set_at`,
      ).run(dealId, after.call, after.amount, at);
    return { dealId, before, after };
  })();
}
