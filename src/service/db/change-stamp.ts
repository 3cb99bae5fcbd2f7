import type { Db } from './database';
import { prepared } from './prepared';

/**
 * A value that moves whenever what this connection reads may have changed: `data_version` moves
 * when another connection commits (the CLI revoking a key, setting a fault), `total_changes()`
 * when a statement of this one changes a row. Equal stamps mean nothing read since can differ.
 */
export function changeStamp(db: Db): string {
  // Two statements: the pragma read as a table costs a third more than the pragma itself.
  const changes = prepared(db, 'SELECT total_changes()', 'pluck').get() as number;
  const version = prepared(db, 'PRAGMA data_version', 'pluck').get() as number;
  return `${changes}:${version}`;
}

/**
 * Values computed from the database, kept while its change stamp stays the same: every entry is
 * dropped at the first read under a new stamp, so nothing stale is ever returned. Bounded by the
 * entries' total weight (1 each unless `weigh` says otherwise): when a value would pass it, the
 * cache starts again empty (a hot set refills within a few requests), and a value heavier than
 * the whole bound is returned without being kept.
 */
export class StampedCache<V> {
  #stamp = '';
  #weight = 0;
  readonly #entries = new Map<string, V>();

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value for `key` under `stamp`: the kept one, or `compute()`'s, which is kept. */
  get(stamp: string, key: string, compute: () => V): V {
    if (stamp !== this.#stamp) {
      this.#empty();
      this.#stamp = stamp;
    }
    if (this.#entries.has(key)) return this.#entries.get(key)!;
    const value = compute();
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return value;
    if (this.#weight + weight > this.maxWeight) this.#empty();
    this.#entries.set(key, value);
    this.#weight += weight;
    return value;
  }

  /** The value kept for `key` under `stamp`, if any; computes nothing. */
  peek(stamp: string, key: string): V | undefined {
    return stamp === this.#stamp ? this.#entries.get(key) : undefined;
  }

  #empty(): void {
    this.#entries.clear();
    this.#weight = 0;
  }
}
