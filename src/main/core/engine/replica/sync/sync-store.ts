import { createHash } from 'node:crypto';
import { recordWalkEnd } from '../model/deal-journal';
import type { ReplicaDatabase } from '../replica-db';
import type { Replica } from '../replicas';

export type SyncKind = 'deals' | 'videos';

/** A record as a list page gives it: the interface requires a deal's times, not a call's. */
export interface ListedItem {
  id: string;
  created_at?: string | null;
  updated_at?: string | null;
}

/** A record the sync tracks, with the version of it the list last showed. */
export interface KnownItem {
  id: string;
  created_at: string;
  /** `updated_at`, or for a record without one a digest of how the list showed it. */
  version: string;
}

export interface KindProgress {
  known: number;
  synced: number;
  /** Pending records whose last fetch failed: they are tried again after a wait. */
  failing: number;
}

/** One page of a walk, with the read that gave it. */
export interface StoredPage {
  op: string;
  params: string;
  body: { data: ListedItem[] };
  at: number;
}

/** When the last round ended, every list walked: the replica then knows every call and deal. */
const ROUND_DONE_AT = 'round.done_at';
/** When the open round began (ms since the epoch), and with it both walks: what they did not find since is gone. */
const ROUND_OPENED_AT = 'round.opened_at';

/** When the last sync round ended, or null (none has); read without building the store. */
export function lastRoundEnded(db: ReplicaDatabase): string | null {
  return db.prepare<[string], string>('SELECT value FROM sync_state WHERE key = ?').pluck().get(ROUND_DONE_AT) ?? null;
}

type WalkState = { status: 'walking' | 'walked'; cursor: string | null };

/**
 * The version the sync compares: `updated_at` when the record has one. A service may leave it out
 * (the interface requires no call field but the id), and such a record is still synced: what the
 * list shows of it stands for its version, so a change the list shows fetches it again.
 */
export function versionOf(item: ListedItem): string {
  if (typeof item.updated_at === 'string' && item.updated_at) return item.updated_at;
  return `listed:${createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 22)}`;
}

/**
 * The sync's own tables in the replica. Every write that follows a request is one transaction
 * with the answer it stores, so after a kill the replica says exactly what is left to fetch.
 */
export function syncStore(replica: Replica) {
  const { db, answers } = replica;
  const getState = db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE key = ?');
  const setState = db.prepare<[string, string]>(
    'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  // A record the list shows changed is tried at once, whatever failed for its earlier version.
  const upsertItem = db.prepare<[string, string, string, string]>(
    `INSERT INTO sync_items (kind, id, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET created_at = excluded.created_at, updated_at = excluded.updated_at,
       failures = iif(updated_at IS excluded.updated_at, failures, 0),
       retry_at = iif(updated_at IS excluded.updated_at, retry_at, NULL)`,
  );
  const nextPending = db.prepare<[string, number], KnownItem>(
    `SELECT id, created_at, updated_at AS version FROM sync_items
     WHERE kind = ? AND synced_updated_at IS NOT updated_at AND (retry_at IS NULL OR retry_at <= ?)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const nextRetry = db
    .prepare<[], number | null>(
      'SELECT min(retry_at) FROM sync_items WHERE synced_updated_at IS NOT updated_at AND retry_at IS NOT NULL',
    )
    .pluck();
  const lastError = db
    .prepare<[], string | null>(
      `SELECT last_error FROM sync_items WHERE synced_updated_at IS NOT updated_at AND failures > 0
       ORDER BY retry_at DESC LIMIT 1`,
    )
    .pluck();
  const partsOf = db.prepare<[string, string, string], { part: string }>(
    'SELECT part FROM sync_parts WHERE kind = ? AND id = ? AND updated_at = ?',
  );
  const markPart = db.prepare<[string, string, string, string]>(
    `INSERT INTO sync_parts (kind, id, part, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, id, part) DO UPDATE SET updated_at = excluded.updated_at`,
  );
  const markItem = db.prepare<[string, string, string]>(
    `UPDATE sync_items SET synced_updated_at = ?, failures = 0, retry_at = NULL, last_error = NULL
     WHERE kind = ? AND id = ?`,
  );
  const markFailed = db.prepare<[number, string, string, string]>(
    'UPDATE sync_items SET failures = failures + 1, retry_at = ?, last_error = ? WHERE kind = ? AND id = ?',
  );
  const failuresOf = db
    .prepare<[string, string], number>('SELECT failures FROM sync_items WHERE kind = ? AND id = ?')
    .pluck();
  const counts = db.prepare<[string], KindProgress>(
    `SELECT count(*) AS known, coalesce(sum(synced_updated_at IS updated_at), 0) AS synced,
       coalesce(sum(synced_updated_at IS NOT updated_at AND failures > 0), 0) AS failing
     FROM sync_items WHERE kind = ?`,
  );

  function state(key: string): string | null {
    return getState.get(key)?.value ?? null;
  }

  function walkState(kind: SyncKind): WalkState {
    return {
      status: state(`${kind}.walk`) === 'walking' ? 'walking' : 'walked',
      cursor: state(`${kind}.cursor`) || null,
    };
  }

  return {
    /** A round walks both lists, then fetches every pending item; an unfinished one resumes. */
    roundOpen(): boolean {
      return state('round') === 'open';
    },
    openRound: db.transaction((at: number) => {
      setState.run('round', 'open');
      setState.run(ROUND_OPENED_AT, String(at));
      for (const kind of ['deals', 'videos'] as const) {
        setState.run(`${kind}.walk`, 'walking');
        setState.run(`${kind}.cursor`, '');
      }
    }),
    /** The round ends; `at` is when, given only when every list was walked to its end. */
    closeRound(at: string | null): void {
      db.transaction(() => {
        setState.run('round', 'done');
        if (at !== null) setState.run(ROUND_DONE_AT, at);
      })();
    },
    lastRoundAt(): string | null {
      return state(ROUND_DONE_AT);
    },
    walkState,
    /** How many pages the last whole walk of a list took: a walk far longer is not ending. */
    walkedPages(kind: SyncKind): number | null {
      const pages = Number(state(`${kind}.pages`));
      return Number.isInteger(pages) && pages > 0 ? pages : null;
    },

    /**
     * Keeps one page of a walk: new and changed items become pending. Every round walks to the
     * last page: lists come newest created first, so a record changed since the last round (a deal
     * re-scored, a call analysed) can sit on any page, and only its `updated_at` tells. The pages
     * are the cheap part (a hundred records a request); only what changed is fetched again
     * (`nextPending`: its version is not the one stored). A null cursor ends the walk; `pages`,
     * the walk's count, is kept when it ended at the list's end (not when the pages did not end);
     * then the records the walk did not find are gone (model/deal-journal.ts, `recordWalkEnd`).
     * True when the page's answer changed.
     */
    recordPage: db.transaction(
      (kind: SyncKind, page: StoredPage, nextCursor: string | null, pages: number | null): boolean => {
        // Kept as the answer it is: offline, lists never read are answered from its records.
        const changed = answers.put(page.op, page.params, page.body, page.at);
        for (const item of page.body.data) upsertItem.run(kind, item.id, item.created_at ?? '', versionOf(item));
        setState.run(`${kind}.walk`, nextCursor === null ? 'walked' : 'walking');
        setState.run(`${kind}.cursor`, nextCursor ?? '');
        if (nextCursor === null && pages !== null) {
          setState.run(`${kind}.pages`, String(pages));
          const openedAt = Number(state(ROUND_OPENED_AT));
          // A round opened before the copy kept this time walks on without saying what is gone.
          if (Number.isFinite(openedAt) && openedAt > 0) recordWalkEnd(db, kind, openedAt, page.at);
        }
        return changed;
      },
    ),

    /** The newest pending record whose wait (after a failed fetch) is over at `now`. */
    nextPending(kind: SyncKind, now: number): KnownItem | null {
      return nextPending.get(kind, now) ?? null;
    },
    /** When the first record waiting after a failed fetch may be tried again; null when none waits. */
    nextRetryAt(): number | null {
      return nextRetry.get() ?? null;
    },
    /** Why the latest failed fetch failed, in words; null when no pending record failed. */
    lastFailure(): string | null {
      return lastError.get() ?? null;
    },
    partsDone(kind: SyncKind, item: KnownItem): Set<string> {
      return new Set(partsOf.all(kind, item.id, item.version).map((row) => row.part));
    },
    /** Stores one part's answer (none for a refusal that is for good) with its mark; true when the answer changed. */
    storePart: db.transaction(
      (kind: SyncKind, item: KnownItem, part: string, params: string, body: unknown | undefined, at: number) => {
        const changed = body !== undefined && answers.put(part, params, body, at);
        markPart.run(kind, item.id, part, item.version);
        return changed;
      },
    ),
    completeItem(kind: SyncKind, item: KnownItem): void {
      markItem.run(item.version, kind, item.id);
    },
    /**
     * A part of the record could not be fetched: it stays pending, not tried again before the
     * time `retryAt(failures)` gives for its count of failures in a row.
     */
    failItem(kind: SyncKind, item: KnownItem, reason: string, retryAt: (failures: number) => number): void {
      const failures = (failuresOf.get(kind, item.id) ?? 0) + 1;
      markFailed.run(retryAt(failures), reason, kind, item.id);
    },
    progress(kind: SyncKind): KindProgress {
      return counts.get(kind) ?? { known: 0, synced: 0, failing: 0 };
    },
  };
}

export type SyncStore = ReturnType<typeof syncStore>;
