import { openSync, readSync, realpathSync } from 'node:fs';
import type { Db } from './database';
import { prepared } from './prepared';

/** Both copies of the wal-index header, the first 96 bytes of the `-shm` file. */
const WAL_INDEX_HEADER_BYTES = 96;

interface WalIndexWatch {
  fd: number;
  seen: Buffer;
  read: Buffer;
  /** Moves each time the header is found changed. */
  version: number;
}

const watches = new WeakMap<Db, WalIndexWatch>();

/**
 * Every commit in WAL mode, from any connection, rewrites the wal-index header at the start of the
 * `-shm` file (sqlite.org/walformat.html: a format every SQLite version sharing a database reads),
 * and `data_version` moves exactly when a connection finds that header changed. Reading the header
 * is one pread; the pragma takes and drops a lock on the `-shm` file (two fcntl calls), which under
 * load was a third of a repeated GET's CPU.
 */
function watchWalIndex(db: Db): WalIndexWatch {
  // openDatabase opens every database so; a wal-index kept in memory could not be read here.
  if (
    db.pragma('journal_mode', { simple: true }) !== 'wal' ||
    db.pragma('locking_mode', { simple: true }) !== 'normal'
  ) {
    throw new Error('the change stamp needs a database in WAL mode with normal locking');
  }
  // SQLite keeps `-shm` beside the database file a symbolic link leads to. Never closed: closing
  // any descriptor of a file drops every POSIX lock this process holds on it, the connection's
  // own locks on the `-shm` file included.
  const fd = openSync(`${realpathSync(db.name)}-shm`, 'r');
  return { fd, seen: Buffer.alloc(WAL_INDEX_HEADER_BYTES), read: Buffer.alloc(WAL_INDEX_HEADER_BYTES), version: 0 };
}

/** A number that moves whenever a connection, this one or another (such as the CLI), commits. */
function commitVersion(db: Db): number {
  let watch = watches.get(db);
  if (!watch) {
    watch = watchWalIndex(db);
    watches.set(db, watch);
  }
  readSync(watch.fd, watch.read, 0, WAL_INDEX_HEADER_BYTES, 0);
  // Any byte changed, a half-written header too, counts: a spurious move only empties the caches.
  if (!watch.read.equals(watch.seen)) {
    watch.read.copy(watch.seen);
    watch.version += 1;
  }
  return watch.version;
}

/**
 * A value that moves whenever what this connection reads may have changed: the wal-index header
 * (commitVersion) when any connection commits, `total_changes()` when a statement of this one
 * changes a row. Equal stamps mean nothing read since can differ.
 */
export function changeStamp(db: Db): string {
  const changes = prepared(db, 'SELECT total_changes()', 'pluck').get() as number;
  return `${changes}:${commitVersion(db)}`;
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
