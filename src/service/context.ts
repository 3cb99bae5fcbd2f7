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

/**
 * A GET answer as the bytes of its envelope, split where each answer's own request id goes, so
 * an answer is written as kept, never encoded again.
 */
export interface CachedReply {
  status: 200 | 201 | 202;
  /** `{"data":…,"meta":{"request_id":"` */
  head: Buffer;
  /** `"`, any further meta (pagination, search) and the envelope's closing braces. */
  tail: Buffer;
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

/** Answers kept, in bytes of JSON: a 10,000-line transcript is about 1.5 million. */
const MAX_REPLY_BYTES = 8_000_000;

export function createReadCaches(options: { replies: boolean }): ReadCaches {
  return {
    callers: new StampedCache(1_000),
    faults: new StampedCache(100),
    replies: options.replies
      ? new StampedCache(MAX_REPLY_BYTES, (reply) => reply.head.length + reply.tail.length)
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
