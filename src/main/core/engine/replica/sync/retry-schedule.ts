import { MAX_RETRY_AFTER_SECONDS } from '../../../service-client/api-client/retry-policy';

/** The waits before the sync tries again what failed: the first, doubling up to the longest. */
export interface RetrySchedule {
  firstMs: number;
  maxMs: number;
}

export const syncRetrySchedule: RetrySchedule = { firstMs: 30_000, maxMs: 5 * 60_000 };

/** The wait after `failures` failures in a row (1: the first wait). */
export function retryDelayMs(schedule: RetrySchedule, failures: number): number {
  return Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.max(0, failures - 1));
}

/**
 * The longest the sync waits because the service said so (429 Retry-After): the client's own cut
 * (a service asking for days has a fault of its own), and the status says until when.
 */
export const MAX_SERVICE_WAIT_MS = MAX_RETRY_AFTER_SECONDS * 1000;

/** A service's wait up to this is waited out within the round; a longer one stops it until then. */
export const WAIT_IN_ROUND_MS = 60_000;

/** The wait a 429 asks for, in ms: its Retry-After (seconds) clamped, or a second when it gave none. */
export function serviceWaitMs(retryAfterSeconds: number | null): number {
  const asked = retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds) ? 1 : retryAfterSeconds;
  return Math.min(Math.max(0, asked) * 1000, MAX_SERVICE_WAIT_MS);
}
