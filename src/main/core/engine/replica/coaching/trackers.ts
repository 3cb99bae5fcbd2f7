import { randomUUID } from 'node:crypto';
import { TRACKERS_CAP, type Tracker, type TrackerChange, TrackerDefinition } from '../../../../../shared/trackers';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { ReplicaDatabase } from '../replica-db';

interface TrackerRow {
  id: string;
  definition: string;
  saved_at: number;
}

/** A row as written by this build; one that does not read as a definition is not a tracker. */
function trackerOf(row: TrackerRow): Tracker | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.definition);
  } catch {
    return null;
  }
  const definition = TrackerDefinition.safeParse(parsed);
  return definition.success ? { id: row.id, ...definition.data, savedAt: new Date(row.saved_at).toISOString() } : null;
}

const notFound = () => new ApiError({ code: 'not_found', message: 'That tracker no longer exists.' });

/** The workspace's trackers in its local copy, by name. */
export function workspaceTrackers(db: ReplicaDatabase) {
  const byId = db.prepare<[string], TrackerRow>('SELECT id, definition, saved_at FROM trackers WHERE id = ?');

  function list(): Tracker[] {
    return db
      .prepare<[], TrackerRow>('SELECT id, definition, saved_at FROM trackers')
      .all()
      .map(trackerOf)
      .filter((tracker): tracker is Tracker => tracker !== null)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  function get(id: string): Tracker {
    const row = byId.get(id);
    const tracker = row ? trackerOf(row) : null;
    if (!tracker) throw notFound();
    return tracker;
  }

  return {
    list,
    get,

    /**
     * Defines a tracker: a new one without `id`; with one, that tracker anew, or back again after
     * its removal (the undo of a removal keeps its id, so links to it still lead to it).
     */
    save(definition: TrackerDefinition, id: string | undefined, now: number): TrackerChange {
      const row = id === undefined ? undefined : byId.get(id);
      const before = row ? trackerOf(row) : null;
      if (!row && list().length >= TRACKERS_CAP) {
        throw new ApiError({
          code: 'invalid_params',
          message: `A workspace keeps at most ${TRACKERS_CAP} trackers: remove one first.`,
        });
      }
      const trackerId = id ?? `tr_${randomUUID()}`;
      const { name, phrases, side, scope } = definition;
      db.prepare(
        `INSERT INTO trackers (id, definition, saved_at) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET definition = excluded.definition, saved_at = excluded.saved_at`,
      ).run(trackerId, JSON.stringify({ name, phrases, side, scope }), now);
      return { before, after: get(trackerId), trackers: list() };
    },

    /** Removes it; what it was comes back, so the screen can offer to undo. */
    remove(id: string): { removed: Tracker; trackers: Tracker[] } {
      const removed = get(id);
      db.prepare('DELETE FROM trackers WHERE id = ?').run(id);
      return { removed, trackers: list() };
    },
  };
}
