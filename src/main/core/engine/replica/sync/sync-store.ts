import { createHash } from 'node:crypto';
import { forgetRecords, heldButUntracked, type RecordKind } from '../forget-records';
import { recordWalkEnd } from '../model/deal-journal';
import type { ReplicaDatabase } from '../replica-db';
import type { Replica } from '../replicas';
import { epochMs } from '../timestamp';
import { type AppliedScope, appliedScope, holdsAll, sameChoice, storeAppliedScope } from './applied-scope';

export type SyncKind = RecordKind;

/** A record as a list page gives it: the interface requires a deal's times, not a call's. */
export interface ListedItem {
  id: string;
  created_at?: string | null;
  updated_at?: string | null;
  /** A call's deal. */
  deal_id?: string | null;
  /** A deal's owner. */
  owner_id?: string | null;
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

/** Whether a walk of the calls list has reached its end: till then the calls held are only those some read showed. */
export function callsListWalked(db: ReplicaDatabase): boolean {
  return db.prepare<[string], string>('SELECT value FROM sync_state WHERE key = ?').pluck().get('videos.pages') != null;
}

type WalkState = { status: 'walking' | 'walked'; cursor: string | null };

/**
 * Where a tracked record lies outside a scope, as a condition on its row. A call of a scope of
 * recent months was created after its start (one without a date cannot be placed, so it is left
 * out); a deal is within it when one of those calls is its, or it was created or updated since.
 * A deal of a scope of owners is owned by one of them; a call is within it when its deal is.
 */
const outsideWhere: Record<Exclude<AppliedScope['kind'], 'everything'>, Record<SyncKind, string>> = {
  recent: {
    videos: 'created_ms IS NULL OR created_ms <= :since',
    deals: `NOT (coalesce(created_ms, 0) > :since OR coalesce(updated_ms, 0) > :since
                 OR id IN (SELECT deal_id FROM sync_items WHERE kind = 'videos' AND deal_id IS NOT NULL))`,
  },
  owners: {
    deals: 'owner_id IS NULL OR owner_id NOT IN (SELECT value FROM json_each(:owners))',
    videos: `deal_id IS NULL OR deal_id NOT IN (SELECT id FROM sync_items WHERE kind = 'deals')`,
  },
};

/** The lists in the order a scope is decided: the kind it is chosen on first, then the kind that follows from it. */
export function walkOrder(scope: AppliedScope): SyncKind[] {
  return scope.kind === 'recent' ? ['videos', 'deals'] : ['deals', 'videos'];
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

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
  const upsertItem = db.prepare<
    [string, string, string, string, number | null, number | null, string | null, string | null]
  >(
    `INSERT INTO sync_items (kind, id, created_at, updated_at, created_ms, updated_ms, deal_id, owner_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET created_at = excluded.created_at, updated_at = excluded.updated_at,
       created_ms = excluded.created_ms, updated_ms = excluded.updated_ms,
       deal_id = excluded.deal_id, owner_id = excluded.owner_id,
       failures = iif(updated_at IS excluded.updated_at, failures, 0),
       retry_at = iif(updated_at IS excluded.updated_at, retry_at, NULL)`,
  );
  const clearState = db.prepare<[string]>('DELETE FROM sync_state WHERE key = ?');
  const versionOfTracked = db
    .prepare<[string, string], string>('SELECT updated_at FROM sync_items WHERE kind = ? AND id = ?')
    .pluck();
  const holdsAny = db
    .prepare<{ kind: string; ids: string }, string>(
      `SELECT id FROM sync_items WHERE kind = :kind AND id IN (SELECT value FROM json_each(:ids)) AND (
         EXISTS (SELECT 1 FROM sync_parts p WHERE p.kind = sync_items.kind AND p.id = sync_items.id)
         OR id IN (SELECT id FROM calls) OR id IN (SELECT id FROM deals))`,
    )
    .pluck();
  const untrack = db.prepare<{ kind: string; ids: string }>(
    'DELETE FROM sync_items WHERE kind = :kind AND id IN (SELECT value FROM json_each(:ids))',
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
  const knownOf = db.prepare<[string], number>('SELECT count(*) FROM sync_items WHERE kind = ?').pluck();
  // Counting reads every row the sync tracks (3 ms at 5,400): the counts are kept until the copy
  // changes, as this connection's changes and the file's version say (a status read while nothing
  // is written counts nothing).
  const changesSoFar = db.prepare<[], number>('SELECT total_changes()').pluck();
  let counted: { changes: number; version: number; byKind: Map<SyncKind, KindProgress> } | null = null;
  function countsOf(kind: SyncKind): KindProgress {
    const changes = changesSoFar.get()!;
    const version = db.pragma('data_version', { simple: true }) as number;
    if (counted?.changes !== changes || counted.version !== version) counted = { changes, version, byKind: new Map() };
    let known = counted.byKind.get(kind);
    if (!known) {
      known = counts.get(kind) ?? { known: 0, synced: 0, failing: 0 };
      counted.byKind.set(kind, known);
    }
    return known;
  }

  function state(key: string): string | null {
    return getState.get(key)?.value ?? null;
  }

  function walkState(kind: SyncKind): WalkState {
    return {
      status: state(`${kind}.walk`) === 'walking' ? 'walking' : 'walked',
      cursor: state(`${kind}.cursor`) || null,
    };
  }

  /** The tracked records of `kind` outside the scope, of those given (all when null). */
  function outside(kind: SyncKind, scope: AppliedScope, ids: readonly string[] | null): string[] {
    if (scope.kind === 'everything') return [];
    const bound =
      scope.kind === 'recent' ? { since: Date.parse(scope.since) } : { owners: JSON.stringify(scope.ownerIds) };
    return db
      .prepare<Record<string, unknown>, string>(
        `SELECT id FROM sync_items WHERE kind = :kind
           AND (:ids IS NULL OR id IN (SELECT value FROM json_each(:ids)))
           AND (${outsideWhere[scope.kind][kind]})`,
      )
      .pluck()
      .all({ kind, ids: ids && JSON.stringify(ids), ...bound });
  }

  /** Records that left the scope leave the copy: all of them, or only their marks when nothing of them is held. */
  function drop(kind: SyncKind, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const held = holdsAny.all({ kind, ids: JSON.stringify(ids) });
    forgetRecords(db, kind, held);
    untrack.run({ kind, ids: JSON.stringify(ids) });
  }

  /**
   * The copy made to fit a scope: what the sync tracked outside it leaves the copy. When the
   * person chose another that does not hold the last, whatever screens kept outside it goes too.
   * A scope that adds records ends the last round's claim to know every call and deal (offline
   * lists wait for a round under it), and the lists' lengths are learnt again.
   */
  function fitScope(next: AppliedScope): void {
    const last = appliedScope(db);
    if (JSON.stringify(last) === JSON.stringify(next)) return;
    storeAppliedScope(db, next);
    for (const kind of walkOrder(next)) drop(kind, outside(kind, next, null));
    if (!sameChoice(last, next)) {
      if (!holdsAll(next, last))
        for (const kind of walkOrder(next)) forgetRecords(db, kind, heldButUntracked(db, kind));
      for (const kind of walkOrder(next)) clearState.run(`${kind}.pages`);
    }
    if (!holdsAll(last, next)) clearState.run(ROUND_DONE_AT);
  }

  return {
    /** A round walks both lists, then fetches every pending item; an unfinished one resumes. */
    roundOpen(): boolean {
      return state('round') === 'open';
    },
    /** The scope the copy fits: the round's lists are walked under it. */
    scope: (): AppliedScope => appliedScope(db),
    /** A round opens under the scope as it applies now (a scope of recent months starts later each time). */
    openRound: db.transaction((scope: AppliedScope, at: number) => {
      fitScope(scope);
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
        const scope = appliedScope(db);
        // Under a scope no page is stored to tell a change by: the versions tracked before do.
        const before =
          scope.kind === 'everything'
            ? null
            : new Map(page.body.data.map((item) => [item.id, versionOfTracked.get(kind, item.id)]));
        for (const item of page.body.data) {
          upsertItem.run(
            kind,
            item.id,
            item.created_at ?? '',
            versionOf(item),
            epochMs(item.created_at),
            epochMs(item.updated_at),
            text(item.deal_id),
            text(item.owner_id),
          );
        }
        let changed: boolean;
        if (scope.kind === 'everything') {
          // Kept as the answer it is: offline, lists never read are answered from its records.
          changed = answers.put(page.op, page.params, page.body, page.at);
        } else {
          // The page shows records outside the scope too: only those within are kept, not the page.
          const left = new Set(
            outside(
              kind,
              scope,
              page.body.data.map((item) => item.id),
            ),
          );
          drop(kind, [...left]);
          const kept = page.body.data.filter((item) => !left.has(item.id));
          answers.indexListed(kind === 'videos' ? 'listVideos' : 'listDeals', kept, page.at);
          changed = kept.some((item) => before?.get(item.id) !== versionOf(item));
        }
        setState.run(`${kind}.walk`, nextCursor === null ? 'walked' : 'walking');
        setState.run(`${kind}.cursor`, nextCursor ?? '');
        if (nextCursor === null && pages !== null) {
          setState.run(`${kind}.pages`, String(pages));
          const openedAt = Number(state(ROUND_OPENED_AT));
          // A round opened before the copy kept this time walks on without saying what is gone; under a
          // scope the walk saw part of the list, and what it did not see may still be on the service.
          if (scope.kind === 'everything' && Number.isFinite(openedAt) && openedAt > 0) {
            recordWalkEnd(db, kind, openedAt, page.at);
          }
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
      return { ...countsOf(kind) };
    },
    /** How many records of a kind the sync tracks (`progress`'s `known`), read from an index alone. */
    known(kind: SyncKind): number {
      return knownOf.get(kind)!;
    },
  };
}

export type SyncStore = ReturnType<typeof syncStore>;
