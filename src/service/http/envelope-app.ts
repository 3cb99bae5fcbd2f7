import { Hono } from 'hono';
import type { Logger } from '../context';
import type { AppEnv } from './app-env';
import { isClientGone } from './client-gone';
import { newRequestId, REQUEST_ID_HEADER } from './request-id';
import { errorResponse } from './respond';
import { ServiceError } from './service-error';

/**
 * A Hono app whose every response, routed or not, failed or not, carries a request id in
 * `X-Request-Id` and errors in the envelope (interface, common conventions 3-5). Both the API and
 * the auxiliary listing start from it.
 */
export function envelopeApp(logger: Logger): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = newRequestId();
    c.set('requestId', requestId);
    // Set before the response exists, so every response built from the context carries it (HEAD
    // answers too, rebuilt from the GET's init headers; errorResponse sets it on its own). Setting
    // it on the finished response instead made Node's adapter copy every answer.
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof ServiceError) return errorResponse(c, error);
    const requestId = c.get('requestId');
    if (!isClientGone(error)) logger.error(`${c.req.method} ${c.req.path} failed (${requestId})`, error);
    return errorResponse(
      c,
      new ServiceError('internal_error', `an unexpected error occurred; quote request id ${requestId}`),
    );
  });

  app.notFound((c) =>
    errorResponse(c, new ServiceError('not_found', `no route matches ${c.req.method} ${c.req.path}`)),
  );
  return app;
}
