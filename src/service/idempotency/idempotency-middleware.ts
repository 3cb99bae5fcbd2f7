import type { MiddlewareHandler } from 'hono';
import type { ServiceContext } from '../context';
import type { AppEnv } from '../http/app-env';
import { ServiceError } from '../http/service-error';
import { findStoredResponse, requestFingerprint, storeResponse } from './idempotency-store';

/**
 * Idempotency-Key on any POST (design.md: scoped to the sending API key, kept 24 hours). A repeat
 * of the same request replays the first success without running the handler again; the same key
 * on a different request is refused. Requests holding the same key run one after another, so
 * concurrent duplicates cannot both start work. Only successes are stored: a failed request
 * created nothing, so running it again is safe.
 */
export function idempotency(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  const inProgress = new Map<string, Promise<void>>();

  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    const { keyId } = c.get('caller');
    const fingerprint = requestFingerprint(c.req.method, c.req.path, await c.req.text());

    const lockName = `${keyId}\n${key}`;
    while (inProgress.has(lockName)) await inProgress.get(lockName);
    let release = () => {};
    inProgress.set(lockName, new Promise<void>((resolve) => (release = resolve)));
    try {
      const stored = findStoredResponse(ctx.db, keyId, key, ctx.now());
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new ServiceError(
            'validation_failed',
            'Idempotency-Key: was already used with a different request; use a new key for a new request',
          );
        }
        c.header('Idempotent-Replayed', 'true');
        return c.json(withRequestId(stored.body, c.get('requestId')), stored.status as 200);
      }
      await next();
      if (c.res.status >= 200 && c.res.status < 300) {
        const body: unknown = await c.res.clone().json();
        storeResponse(ctx.db, keyId, key, { fingerprint, status: c.res.status, body }, ctx.now());
      }
    } finally {
      inProgress.delete(lockName);
      release();
    }
  };
}

/** An enveloped body keeps this request's request_id, so it matches X-Request-Id (interface, conventions 5). */
function withRequestId(body: unknown, requestId: string): unknown {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return body;
  return { ...body, meta: { ...(body.meta as object), request_id: requestId } };
}
