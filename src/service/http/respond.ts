import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from './api-error';
import type { AppEnv } from './context';
import { REQUEST_ID_HEADER } from './request-id';

export function errorBody(error: Pick<ApiError, 'code' | 'message'>, requestId: string) {
  return { error: { code: error.code, message: error.message }, meta: { request_id: requestId } };
}

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const requestId = c.get('requestId');
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header(REQUEST_ID_HEADER, requestId);
  return c.json(errorBody(error, requestId), error.status as ContentfulStatusCode);
}
