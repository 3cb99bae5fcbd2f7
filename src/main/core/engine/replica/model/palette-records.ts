import { memberName } from '../../../../../shared/api';
import { PALETTE_RECORDS_CAP, type PaletteRecords } from '../../../../../shared/palette';
import { workspaceTrackers } from '../coaching/trackers';
import type { ReplicaDatabase } from '../replica-db';

type Records = Omit<PaletteRecords, 'from'>;

/**
 * The deals, calls, reps and trackers the copy holds, for the palette to match typed text against:
 * the newest deals and calls, those the service listed as gone left out (one more row than the cap
 * is read, to know whether any were left out), every rep and every tracker (a workspace keeps few).
 */
export function paletteRecordsIn(db: ReplicaDatabase): Records {
  const deals = db
    .prepare<[number], Records['deals'][number]>(
      `SELECT id, title, status FROM deals
       WHERE body IS NOT NULL AND removed_at IS NULL AND coalesce(status, '') <> 'DELETED'
       ORDER BY created_ms DESC, id DESC LIMIT ?`,
    )
    .all(PALETTE_RECORDS_CAP + 1);
  const calls = db
    .prepare<[number], Records['calls'][number]>(
      `SELECT id, title, created_at AS createdAt FROM calls
       WHERE body IS NOT NULL AND removed_at IS NULL AND coalesce(status, '') <> 'DELETED'
       ORDER BY created_ms DESC, id DESC LIMIT ?`,
    )
    .all(PALETTE_RECORDS_CAP + 1);
  const members = db
    .prepare<
      [],
      {
        id: string;
        email: string | null;
        display_name: string | null;
        given_name: string | null;
        family_name: string | null;
      }
    >('SELECT id, email, display_name, given_name, family_name FROM members ORDER BY id')
    .all();
  return {
    deals: deals.slice(0, PALETTE_RECORDS_CAP),
    calls: calls.slice(0, PALETTE_RECORDS_CAP),
    reps: members.map((member) => ({ id: member.id, name: memberName(member) })),
    trackers: workspaceTrackers(db)
      .list()
      .map(({ id, name }) => ({ id, name })),
    capped: deals.length > PALETTE_RECORDS_CAP || calls.length > PALETTE_RECORDS_CAP,
  };
}
