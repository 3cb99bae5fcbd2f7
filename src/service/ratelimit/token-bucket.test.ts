import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  const limit = { requests: 3, seconds: 6 };

  it('allows a full bucket of requests at once, then refuses with a whole-second Retry-After', () => {
    const buckets = new TokenBuckets();
    for (let i = 0; i < 3; i += 1) expect(buckets.take('k', limit, 0)).toEqual({ allowed: true });
    expect(buckets.take('k', limit, 0)).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('refills at requests/seconds, so waiting Retry-After always finds a token', () => {
    const buckets = new TokenBuckets();
    for (let i = 0; i < 3; i += 1) buckets.take('k', limit, 0);
    const refused = buckets.take('k', limit, 500);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(buckets.take('k', limit, 2_000)).toEqual({ allowed: true });
  });

  it('never answers a Retry-After below 1 second', () => {
    const fast = { requests: 100, seconds: 1 };
    const buckets = new TokenBuckets();
    for (let i = 0; i < 100; i += 1) buckets.take('k', fast, 0);
    expect(buckets.take('k', fast, 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets();
    for (let i = 0; i < 3; i += 1) buckets.take('a', limit, 0);
    expect(buckets.take('b', limit, 0)).toEqual({ allowed: true });
  });
});
