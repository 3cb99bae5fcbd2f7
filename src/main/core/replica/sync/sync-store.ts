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

type WalkState = { status: 'walking' | 'walked'; cursor: string | null; full: boolean };

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
  const findItem = db.prepare<[string, string], { updated_at: string }>(
    'SELECT updated_at FROM sync_items WHERE kind = ? AND id = ?',
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
      full: state(`${kind}.full`) === '1',
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
        setState.run('round.done_at', at);
      })();
    },
    lastRoundAt(): string | null {
      return state('round.done_at');
    },
    walkState,

    /**
     * Keeps one page of a walk: new and changed items become pending. The walk ends at the last
     * page, or, once a full walk has been done, at a page with nothing new (incremental).
     * Returns how many items were new or changed.
     */
    recordPage: db.transaction((kind: SyncKind, items: KnownItem[], nextCursor: string | null): number => {
      let changed = 0;
      for (const item of items) {
        if (findItem.get(kind, item.id)?.updated_at !== item.updated_at) changed += 1;
        upsertItem.run(kind, item.id, item.created_at, item.updated_at);
      }
      const { full } = walkState(kind);
      const ended = nextCursor === null || (full && changed === 0);
      setState.run(`${kind}.walk`, ended ? 'walked' : 'walking');
      setState.run(`${kind}.cursor`, ended ? '' : nextCursor);
      if (nextCursor === null) setState.run(`${kind}.full`, '1');
      return changed;
    }),

    nextPending(kind: SyncKind): KnownItem | null {
      return nextPending.get(kind) ?? null;
    },
    partsDone(kind: SyncKind, item: KnownItem): Set<string> {
      return new Set(partsOf.all(kind, item.id, item.updated_at).map((row) => row.part));
    },
    /** Stores one part's answer (none when the service has none, e.g. a call never analysed) with its mark. */
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
