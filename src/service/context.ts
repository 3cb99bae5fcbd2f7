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

/** Everything a handler or background task needs; one per running server. */
export interface ServiceContext {
  db: Db;
  /** The data directory's key-signing secret, read once (it never changes). */
  signingSecret: string;
  now: () => Date;
  options: ServiceOptions;
  logger: Logger;
  rateLimits: TokenBuckets;
  background: BackgroundTask[];
}
