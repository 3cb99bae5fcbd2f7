import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env';
import { REQUEST_ID_HEADER } from './request-id';
import type { ServiceError } from './service-error';

export function errorBody(error: Pick<ServiceError, 'code' | 'message'>, requestId: string) {
  return { error: { code: error.code, message: error.message }, meta: { request_id: requestId } };
}

export function errorResponse(c: Context<AppEnv>, error: ServiceError): Response {
  const requestId = c.get('requestId');
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header(REQUEST_ID_HEADER, requestId);
  return c.json(errorBody(error, requestId), error.status as ContentfulStatusCode);
}
