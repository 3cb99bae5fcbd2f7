import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { ServiceError } from './service-error';

/** Bodies here are small JSON objects; anything larger is refused while it streams in. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Caps the request body before any step reads it (idempotency fingerprints it, validation parses
 * it), so no route ever holds more than `maxBytes` of it in memory. A declared Content-Length over
 * the cap is refused before a byte is read; a chunked body as soon as it passes the cap. A route
 * that takes no body has a cap of 0: any body at all is refused.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const message = maxBytes === 0 ? 'body: this endpoint takes no body' : `body: must be at most ${maxBytes} bytes`;
  const capped = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ServiceError('bad_request', message);
    },
  });
  // HTTP/1.1 (RFC 9112, 6.3): without Content-Length or Transfer-Encoding a request has no body.
  // Asking for the body anyway makes Node's adapter build a whole fetch Request for every GET.
  return (c, next) =>
    c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined
      ? next()
      : capped(c, next);
}
