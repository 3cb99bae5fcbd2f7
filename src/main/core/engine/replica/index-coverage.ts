import type { ReplicaDatabase } from './replica-db';

/** What the local index covers, for the coverage note and for telling the service's calls apart. */
export interface IndexCoverage {
  /** Calls whose transcript is held here, or known to have none: the rest must be searched at the service. */
  indexedCalls: ReadonlySet<string>;
  /** Calls any stored list or detail showed: a floor on the workspace's size when the sync has not counted. */
  seenCalls: number;
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
  const coverage = { indexedCalls: new Set(ids), seenCalls };
  read.set(db, { stamp, coverage });
  return coverage;
}
