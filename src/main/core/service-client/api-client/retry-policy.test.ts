import { describe, expect, it } from 'vitest';
import {
  defaultRetryPolicy,
  isRetryableStatus,
  MAX_RETRY_AFTER_SECONDS,
  parseRetryAfter,
  retryDelayMs,
} from './retry-policy';

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

  it('reads every HTTP date form, a past one as no wait', () => {
    const now = Date.parse('1994-11-06T08:49:30Z');
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(7);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:00 GMT', now)).toBe(0);
  });

  it('clamps a wait far ahead, as seconds or as a date, to the longest it takes', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600);
    expect(parseRetryAfter('3000000', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('9'.repeat(40), now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(MAX_RETRY_AFTER_SECONDS);
  });

  it('takes a negative number, a fraction, a bare number Date.parse would read as a year, or garbage as no advice', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    for (const header of ['-5', '1.5', '-1', '', ' ', '5 seconds', '2026-11-21T10:00:05Z', 'Sat, 21 Nov 2026'])
      expect(parseRetryAfter(header, now), header).toBeNull();
  });
});
