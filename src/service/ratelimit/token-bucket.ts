import type { RateLimit } from './rate-limit';

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * One token bucket per key (interface, Limits): capacity `requests`, refilled continuously at
 * `requests / seconds` per second. In memory: a restart refilling every bucket is harmless.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  take(keyId: string, limit: RateLimit, nowMs: number): TakeResult {
    const ratePerMs = limit.requests / (limit.seconds * 1000);
    const bucket = this.buckets.get(keyId) ?? { tokens: limit.requests, updatedMs: nowMs };
    bucket.tokens = Math.min(limit.requests, bucket.tokens + (nowMs - bucket.updatedMs) * ratePerMs);
    bucket.updatedMs = nowMs;
    this.buckets.set(keyId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    // Retry-After is whole seconds and never 0, so a client that waits it out finds a token.
    const waitMs = (1 - bucket.tokens) / ratePerMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
