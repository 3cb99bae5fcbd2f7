import type { AuthResult } from './auth/authenticate';
import { StampedCache } from './db/change-stamp';
import type { Db } from './db/database';
import type { TokenBuckets } from './ratelimit/token-bucket';
import type { ServiceOptions } from './service-options';

export interface Logger {
  error(message: string, error?: unknown): void;
}

/** Work that runs beside the HTTP server (job workers, delivery loops) and stops before the database closes. */
export interface BackgroundTask {
  start(): void;
  stop(): Promise<void>;
}

/** A GET answer's `data` and its meta beyond request_id, as JSON text. */
export interface CachedReply {
  data: string;
  /** The extra meta members without braces (`"has_more":false,...`), or ''. */
  meta: string;
}

/**
 * What requests read again and again, kept while the database's change stamp holds (any commit
 * anywhere drops it all), so a repeated read costs one stamp read instead of its queries.
 */
export interface ReadCaches {
  /** Authentication results by Authorization header. */
  callers: StampedCache<AuthResult>;
  /** Operator faults by name. */
  faults: StampedCache<boolean>;
  /** GET answers by caller key and URL; null when the service runs without it (bench/throughput). */
  replies: StampedCache<CachedReply> | null;
}

/** Answers kept, in characters of JSON: a 10,000-line transcript is about 1.5 million. */
const MAX_REPLY_CHARACTERS = 8_000_000;

export function createReadCaches(options: { replies: boolean }): ReadCaches {
  return {
    callers: new StampedCache(1_000),
    faults: new StampedCache(100),
    replies: options.replies
      ? new StampedCache(MAX_REPLY_CHARACTERS, (reply) => reply.data.length + reply.meta.length)
      : null,
  };
}

/** Everything a handler or background task needs; one per running server. */
export interface ServiceContext {
  db: Db;
  /** The data directory's key-signing secret, read once (it never changes). */
  signingSecret: string;
  now: () => Date;
  options: ServiceOptions;
  logger: Logger;
  rateLimits: TokenBuckets;
  caches: ReadCaches;
  background: BackgroundTask[];
}
