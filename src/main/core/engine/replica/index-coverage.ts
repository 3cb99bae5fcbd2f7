import { scopeCallsWords } from '../../../../shared/copy-scope';
import { memberNames } from './member-names';
import type { ReplicaDatabase } from './replica-db';
import { appliedScope, choiceOf } from './sync/applied-scope';
import { callsListWalked } from './sync/sync-store';

/** What the local index covers, for the coverage note and for telling the service's calls apart. */
export interface IndexCoverage {
  /** Calls whose transcript is held here, or known to have none: the rest must be searched at the service. */
  indexedCalls: ReadonlySet<string>;
  /** Calls any stored list or detail showed: a floor on the workspace's size. */
  seenCalls: number;
  /** A walk of the calls list has reached its end, so the calls seen are every call there was then. */
  listed: boolean;
}

const read = new WeakMap<ReplicaDatabase, { stamp: string; coverage: IndexCoverage }>();

/**
 * Read again only after a write to the replica (this connection's change count, or another's
 * commit): the union of thousands of ids took 1-2 ms of each keystroke's search, more under load.
 */
export function indexCoverage(db: ReplicaDatabase): IndexCoverage {
  const stamp = `${db.prepare('SELECT total_changes()').pluck().get()}:${db.pragma('data_version', { simple: true })}`;
  const kept = read.get(db);
  if (kept?.stamp === stamp) return kept.coverage;
  // Held lines, or the service's word that there are none (a 404): a transcript the sync could not
  // fetch yet, or one refused to this key, is not searched here, however the sync counts it.
  const ids = db.prepare<[], string>('SELECT video_id FROM transcripts_held').pluck().all();
  const seenCalls = db.prepare<[], number>('SELECT count(*) FROM calls').pluck().get() ?? 0;
  const coverage = { indexedCalls: new Set(ids), seenCalls, listed: callsListWalked(db) };
  read.set(db, { stamp, coverage });
  return coverage;
}

/** What the index covers of a copy that keeps part of the workspace: the calls within its scope, in words. */
export interface ScopedCoverage {
  /** "Calls of the last 3 months". */
  inside: string;
  /** "older calls": those the service is asked for. */
  outside: string;
  /** Calls within the scope the sync found. */
  known: number;
  /** Of those, the calls searched here. */
  indexed: number;
}

/** Null for a copy of the whole workspace. */
export function scopedCoverage(db: ReplicaDatabase): ScopedCoverage | null {
  const words = scopeCallsWords(choiceOf(appliedScope(db)), memberNames(db));
  if (!words) return null;
  const counts = db
    .prepare<[], { known: number; indexed: number }>(
      `SELECT count(*) AS known, count(held.video_id) AS indexed
       FROM sync_items AS item LEFT JOIN transcripts_held AS held ON held.video_id = item.id
       WHERE item.kind = 'videos'`,
    )
    .get() ?? { known: 0, indexed: 0 };
  return { ...words, ...counts };
}
