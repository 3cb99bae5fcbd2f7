import { randomUUID } from 'node:crypto';
import { BOOKMARKS_CAP, type Bookmarks, type ChangesSince, type SinceFrom } from '../../../../../shared/bookmarks';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { ReplicaDatabase } from '../replica-db';

/** "My last look" is one row of the table, under this id; named bookmarks have ids of their own. */
const LAST_LOOK = 'last-look';

/** A minute of leeway for a moment given by a window whose clock runs a little ahead. */
const FUTURE_LEEWAY_MS = 60_000;

interface BookmarkRow {
  id: string;
  name: string | null;
  at: number;
  saved_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function refused(message: string): ApiError {
  return new ApiError({ code: 'invalid_params', message });
}

/**
 * The workspace's bookmarks in its local copy: "my last look" and the moments the manager named.
 * Times are ms since the epoch here and RFC 3339 across the bridge.
 */
export function workspaceBookmarks(db: ReplicaDatabase) {
  const all = () =>
    db.prepare<[], BookmarkRow>('SELECT id, name, at, saved_at FROM bookmarks ORDER BY at DESC, saved_at DESC').all();
  const byId = (id: string) =>
    db.prepare<[string], BookmarkRow>('SELECT id, name, at, saved_at FROM bookmarks WHERE id = ?').get(id);

  function list(): Bookmarks {
    const rows = all();
    const lastLook = rows.find((row) => row.id === LAST_LOOK);
    return {
      lastLook: lastLook ? { at: iso(lastLook.at), savedAt: iso(lastLook.saved_at) } : null,
      named: rows
        .filter((row) => row.id !== LAST_LOOK)
        .map((row) => ({ id: row.id, name: row.name ?? '', at: iso(row.at), savedAt: iso(row.saved_at) })),
    };
  }

  function notInFuture(at: number, now: number): void {
    if (at > now + FUTURE_LEEWAY_MS)
      throw refused('A bookmark marks a moment that has come: this one is in the future.');
  }

  return {
    list,

    /** When "my last look" was, or null before the review was first marked done. */
    lastLook: (): number | null => byId(LAST_LOOK)?.at ?? null,

    /** A named bookmark's name and moment, or null when there is none of that id. */
    named(id: string): { name: string; at: number } | null {
      const row = id === LAST_LOOK ? undefined : byId(id);
      return row ? { name: row.name ?? '', at: row.at } : null;
    },

    /** The review is done up to `upTo`: "my last look" moves there; null forgets it. */
    markReviewed(upTo: number | null, now: number): Bookmarks {
      if (upTo === null) {
        db.prepare('DELETE FROM bookmarks WHERE id = ?').run(LAST_LOOK);
        return list();
      }
      notInFuture(upTo, now);
      db.prepare(
        `INSERT INTO bookmarks (id, name, at, saved_at) VALUES (?, NULL, ?, ?)
         ON CONFLICT (id) DO UPDATE SET at = excluded.at, saved_at = excluded.saved_at`,
      ).run(LAST_LOOK, upTo, now);
      return list();
    },

    /** Names a moment. A name already taken is refused rather than moved, so no bookmark is lost unasked. */
    save(name: string, at: number, now: number): Bookmarks {
      notInFuture(at, now);
      const named = list().named;
      if (named.some((bookmark) => bookmark.name.toLocaleLowerCase() === name.toLocaleLowerCase())) {
        throw refused(`A bookmark named “${name}” exists already: remove it first, or choose another name.`);
      }
      if (named.length >= BOOKMARKS_CAP) {
        throw refused(`A workspace keeps at most ${BOOKMARKS_CAP} bookmarks: remove one first.`);
      }
      db.prepare('INSERT INTO bookmarks (id, name, at, saved_at) VALUES (?, ?, ?, ?)').run(
        `bm_${randomUUID()}`,
        name,
        at,
        now,
      );
      return list();
    },

    remove(id: string): Bookmarks {
      const removed = id === LAST_LOOK ? 0 : db.prepare('DELETE FROM bookmarks WHERE id = ?').run(id).changes;
      if (removed === 0) throw new ApiError({ code: 'not_found', message: 'That bookmark no longer exists.' });
      return list();
    },
  };
}

/**
 * The moment a read "since" starts from: a named bookmark's (none of that id: not found), the
 * moment given, or "my last look"; never marked, the start of the copy's history (`history`, null
 * while it knows none), so that everything the copy knows is new.
 */
export function resolveSince(
  db: ReplicaDatabase,
  since: ChangesSince,
  history: number | null,
): { at: number | null; from: SinceFrom; name: string | null } {
  if (since.kind === 'moment') return { at: Date.parse(since.at), from: 'moment', name: null };
  const bookmarks = workspaceBookmarks(db);
  if (since.kind === 'bookmark') {
    const named = bookmarks.named(since.id);
    if (!named) throw new ApiError({ code: 'not_found', message: 'That bookmark no longer exists.' });
    return { at: named.at, from: 'bookmark', name: named.name };
  }
  const lastLook = bookmarks.lastLook();
  return lastLook === null
    ? { at: history, from: 'history-start', name: null }
    : { at: lastLook, from: 'last-look', name: null };
}
