import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry-policy';

const policy = { ...defaultRetryPolicy, baseDelayMs: 1000, maxDelayMs: 8000 };

describe('retry policy', () => {
  it('retries only 429 and 503 among HTTP statuses', () => {
    expect([400, 401, 403, 404, 422, 429, 500, 503].filter(isRetryableStatus)).toEqual([429, 503]);
  });

  it('waits exactly Retry-After after the first 429', () => {
    expect(retryDelayMs(policy, 1, 3, () => 0.99)).toBe(3000);
  });

  it('backs off exponentially after that, never sooner than Retry-After', () => {
    expect(retryDelayMs(policy, 3, 1, () => 0)).toBe(2000);
    expect(retryDelayMs(policy, 3, 5, () => 0)).toBe(5000);
  });

  it('jitters between half and all of the capped exponential delay', () => {
    expect(retryDelayMs(policy, 2, null, () => 0)).toBe(1000);
    expect(retryDelayMs(policy, 2, null, () => 1)).toBe(2000);
    expect(retryDelayMs(policy, 10, null, () => 1)).toBe(8000);
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores nonsense', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
