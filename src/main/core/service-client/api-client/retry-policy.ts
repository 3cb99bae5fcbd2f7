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

/**
 * The longest wait a `Retry-After` is taken at. A service may ask for days (a number like
 * 3000000, a date far ahead); past an hour the caller pauses and says until when rather than
 * holding a timer, and a timer handed more than Node can hold fires at once (a flood).
 */
export const MAX_RETRY_AFTER_SECONDS = 3_600;

const month = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const clock = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110's three HTTP-date forms: IMF-fixdate, the obsolete RFC 850 form, and asctime. */
const httpDate = new RegExp(
  `^(?:[A-Z][a-z]{2}, \\d{2} ${month} \\d{4} ${clock} GMT|[A-Z][a-z]+, \\d{2}-${month}-\\d{2} ${clock} GMT|[A-Z][a-z]{2} ${month} [ \\d]\\d ${clock} \\d{4})$`,
);

/**
 * `Retry-After` in whole seconds (interface, Errors), or an HTTP date (RFC 9110), clamped to
 * `MAX_RETRY_AFTER_SECONDS`; a past date is 0. Anything else (a negative number, a fraction,
 * words) is no advice at all: null, and the client backs off on its own.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), MAX_RETRY_AFTER_SECONDS);
  if (!httpDate.test(trimmed)) return null;
  // asctime carries no zone; HTTP dates are always GMT.
  const date = Date.parse(trimmed.endsWith('GMT') ? trimmed : `${trimmed} GMT`);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil((date - now) / 1000)));
}
