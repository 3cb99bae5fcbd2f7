import { randomUUID } from 'node:crypto';
import {
  type ListNotesParams,
  NOTES_CAP,
  type NoteChange,
  type NotePlace,
  type PrivateNote,
} from '../../../../../shared/private-notes';
import { ApiError } from '../../../service-client/api-client/api-error';
import { memberNames } from '../member-names';
import type { ReplicaDatabase } from '../replica-db';

interface NoteRow {
  id: string;
  kind: NotePlace['kind'];
  target_id: string;
  segment_id: string | null;
  seconds: number | null;
  body: string;
  created_at: number;
  updated_at: number;
}

const COLUMNS = 'id, kind, target_id, segment_id, seconds, body, created_at, updated_at';

function placeOf(row: NoteRow): NotePlace {
  if (row.kind === 'line')
    return { kind: 'line', id: row.target_id, segmentId: row.segment_id ?? '', seconds: row.seconds };
  return { kind: row.kind, id: row.target_id };
}

/** Folded for a search that ignores case and accents, as a person typing expects. */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The workspace's private notes in its local copy. Times are ms since the epoch here and RFC 3339
 * across the bridge; each note carries what its place is called in the copy, for a list to show.
 */
export function privateNotes(db: ReplicaDatabase) {
  const byId = (id: string) =>
    db.prepare<[string], NoteRow>(`SELECT ${COLUMNS} FROM private_notes WHERE id = ?`).get(id);
  const titleOf = (table: 'calls' | 'deals', id: string) =>
    db.prepare<[string], string | null>(`SELECT title FROM ${table} WHERE id = ?`).pluck().get(id) ?? null;

  function named(rows: NoteRow[]): PrivateNote[] {
    let nameOfMember: ((id: string) => string) | null = null;
    return rows.map((row) => {
      let placeName: string | null;
      if (row.kind === 'rep') {
        nameOfMember ??= memberNames(db);
        const name = nameOfMember(row.target_id);
        placeName = name === row.target_id ? null : name;
      } else placeName = titleOf(row.kind === 'deal' ? 'deals' : 'calls', row.target_id);
      return {
        id: row.id,
        place: placeOf(row),
        body: row.body,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
        placeName,
      };
    });
  }
  const one = (row: NoteRow | undefined) => (row ? named([row])[0]! : null);

  return {
    /** Notes about the records asked for, or holding the text; the latest written first. */
    list({ about, text, limit = 200 }: ListNotesParams): PrivateNote[] {
      const rows = about
        ? db
            .prepare<unknown[], NoteRow>(
              `SELECT ${COLUMNS} FROM private_notes WHERE target_id = ? AND kind IN (${about.kinds.map(() => '?').join(', ')})
               ORDER BY updated_at DESC, id`,
            )
            .all(about.id, ...about.kinds)
        : db.prepare<[], NoteRow>(`SELECT ${COLUMNS} FROM private_notes ORDER BY updated_at DESC, id`).all();
      const wanted = text ? folded(text) : null;
      return named((wanted ? rows.filter((row) => folded(row.body).includes(wanted)) : rows).slice(0, limit));
    },

    /**
     * Writes a note: a new one (no id, or the id of one removed, which comes back as it was
     * placed), or a note's new text. Says what was there before, to undo.
     */
    save({ id, place, body }: { id?: string; place: NotePlace; body: string }, now: number): NoteChange {
      return db.transaction(() => {
        const before = id === undefined ? null : one(byId(id));
        if (before && JSON.stringify(before.place) !== JSON.stringify(place))
          throw new ApiError({ code: 'invalid_params', message: 'A note stays where it was written: it cannot move.' });
        if (!before) {
          const count = db.prepare<[], number>('SELECT count(*) FROM private_notes').pluck().get() ?? 0;
          if (count >= NOTES_CAP)
            throw new ApiError({
              code: 'invalid_params',
              message: `A workspace keeps at most ${NOTES_CAP} notes: remove one first.`,
            });
        }
        const noteId = id ?? `note_${randomUUID()}`;
        const line = place.kind === 'line' ? place : null;
        db.prepare(
          `INSERT INTO private_notes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
        ).run(noteId, place.kind, place.id, line?.segmentId ?? null, line?.seconds ?? null, body, now, now);
        return { before, after: one(byId(noteId)) };
      })();
    },

    remove(id: string): NoteChange {
      return db.transaction(() => {
        const before = one(byId(id));
        if (!before) throw new ApiError({ code: 'not_found', message: 'That note no longer exists.' });
        db.prepare('DELETE FROM private_notes WHERE id = ?').run(id);
        return { before, after: null };
      })();
    },
  };
}
