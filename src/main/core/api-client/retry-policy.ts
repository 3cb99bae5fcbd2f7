export interface RetryPolicy {
  /** Attempts in total, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No request, waits included, runs longer than this. */
  deadlineMs: number;
  /** One attempt's own limit, so a stalled connection does not eat the whole deadline. */
  attemptTimeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  deadlineMs: 30_000,
  attemptTimeoutMs: 15_000,
};

/** Only what cannot have been refused on its merits is retried: never another 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/**
 * Exponential backoff with "equal jitter": half the capped delay fixed, the other half random, so
 * clients that failed together spread out yet none retries at once. After a 429 never sooner than
 * the service's Retry-After (interface, Limits: clients honor Retry-After and back off
 * exponentially afterwards).
 */
export function retryDelayMs(
  policy: RetryPolicy,
  failedAttempt: number,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1));
  const backoff = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  if (retryAfterSeconds === null) return backoff;
  const floor = retryAfterSeconds * 1000;
  return failedAttempt === 1 ? floor : Math.max(floor, backoff);
}

/** `Retry-After` is seconds (interface, Errors) or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
