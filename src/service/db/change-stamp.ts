import type { Db } from './database';
import { prepared } from './prepared';

/**
 * A value that moves whenever what this connection reads may have changed: `data_version` moves
 * when another connection commits (the CLI revoking a key, setting a fault), `total_changes()`
 * when a statement of this one changes a row. Equal stamps mean nothing read since can differ.
 */
export function changeStamp(db: Db): string {
  const [changes, version] = prepared(
    db,
    'SELECT total_changes(), data_version FROM pragma_data_version',
    'raw',
  ).get() as [number, number];
  return `${changes}:${version}`;
}

/**
 * Values computed from the database, kept while its change stamp stays the same: every entry is
 * dropped at the first read under a new stamp, so nothing stale is ever returned. Bounded: when
 * full, it starts again empty (a hot set refills within a few requests).
 */
export class StampedCache<V> {
  #stamp = '';
  readonly #entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  /** The value for `key` under `stamp`: the kept one, or `compute()`'s, which is kept. */
  get(stamp: string, key: string, compute: () => V): V {
    if (stamp !== this.#stamp) {
      this.#entries.clear();
      this.#stamp = stamp;
    }
    if (this.#entries.has(key)) return this.#entries.get(key)!;
    const value = compute();
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, value);
    return value;
  }
}
