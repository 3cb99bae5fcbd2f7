import type { ReplicaDatabase } from '../replica-db';
import type { Replica } from '../replicas';

export type SyncKind = 'deals' | 'videos';

export interface KnownItem {
  id: string;
  created_at: string;
  updated_at: string;
}

export interface KindProgress {
  known: number;
  synced: number;
}

/** One page of a walk, with the read that gave it. */
export interface StoredPage {
  op: string;
  params: string;
  body: { data: KnownItem[] };
  at: number;
}

/** When the last round ended, every list walked: the replica then knows every call and deal. */
const ROUND_DONE_AT = 'round.done_at';

/** When the last sync round ended, or null (none has); read without building the store. */
export function lastRoundEnded(db: ReplicaDatabase): string | null {
  return db.prepare<[string], string>('SELECT value FROM sync_state WHERE key = ?').pluck().get(ROUND_DONE_AT) ?? null;
}

type WalkState = { status: 'walking' | 'walked'; cursor: string | null };

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
  const upsertItem = db.prepare<[string, string, string, string]>(
    `INSERT INTO sync_items (kind, id, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  const nextPending = db.prepare<[string], KnownItem>(
    `SELECT id, created_at, updated_at FROM sync_items
     WHERE kind = ? AND synced_updated_at IS NOT updated_at ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const partsOf = db.prepare<[string, string, string], { part: string }>(
    'SELECT part FROM sync_parts WHERE kind = ? AND id = ? AND updated_at = ?',
  );
  const markPart = db.prepare<[string, string, string, string]>(
    `INSERT INTO sync_parts (kind, id, part, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, id, part) DO UPDATE SET updated_at = excluded.updated_at`,
  );
  const markItem = db.prepare<[string, string, string]>(
    'UPDATE sync_items SET synced_updated_at = ? WHERE kind = ? AND id = ?',
  );
  const counts = db.prepare<[string], { known: number; synced: number }>(
    `SELECT count(*) AS known, coalesce(sum(synced_updated_at IS updated_at), 0) AS synced
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
    openRound: db.transaction(() => {
      setState.run('round', 'open');
      for (const kind of ['deals', 'videos'] as const) {
        setState.run(`${kind}.walk`, 'walking');
        setState.run(`${kind}.cursor`, '');
      }
    }),
    closeRound(at: string): void {
      db.transaction(() => {
        setState.run('round', 'done');
        setState.run(ROUND_DONE_AT, at);
      })();
    },
    lastRoundAt(): string | null {
      return state(ROUND_DONE_AT);
    },
    walkState,

    /**
     * Keeps one page of a walk: new and changed items become pending. Every round walks to the
     * last page: lists come newest created first, so a record changed since the last round (a deal
     * re-scored, a call analysed) can sit on any page, and only its `updated_at` tells. The pages
     * are the cheap part (a hundred records a request); only what changed is fetched again
     * (`nextPending`: its `updated_at` is not the one stored).
     */
    recordPage: db.transaction((kind: SyncKind, page: StoredPage, nextCursor: string | null): void => {
      // Kept as the answer it is: offline, lists never read are answered from its records.
      answers.put(page.op, page.params, page.body, page.at);
      for (const item of page.body.data) upsertItem.run(kind, item.id, item.created_at, item.updated_at);
      setState.run(`${kind}.walk`, nextCursor === null ? 'walked' : 'walking');
      setState.run(`${kind}.cursor`, nextCursor ?? '');
    }),

    nextPending(kind: SyncKind): KnownItem | null {
      return nextPending.get(kind) ?? null;
    },
    partsDone(kind: SyncKind, item: KnownItem): Set<string> {
      return new Set(partsOf.all(kind, item.id, item.updated_at).map((row) => row.part));
    },
    /** Stores one part's answer (none for a scope the key lacks) with its mark. */
    storePart: db.transaction(
      (kind: SyncKind, item: KnownItem, part: string, params: string, body: unknown | undefined, at: number) => {
        if (body !== undefined) answers.put(part, params, body, at);
        markPart.run(kind, item.id, part, item.updated_at);
      },
    ),
    completeItem(kind: SyncKind, item: KnownItem): void {
      markItem.run(item.updated_at, kind, item.id);
    },
    progress(kind: SyncKind): KindProgress {
      return counts.get(kind) ?? { known: 0, synced: 0 };
    },
  };
}

export type SyncStore = ReturnType<typeof syncStore>;
