import { z } from 'zod';

/**
 * The Errors table of the interface: the codes the local service answers with and clients
 * branch on. A service may answer a code outside this table; clients read it as an open string.
 */
export const ErrorCode = z.enum([
  'unauthorized',
  'invalid_key_metadata',
  'forbidden',
  'not_found',
  'bad_request',
  'validation_failed',
  'invalid_webhook_url',
  'rate_limited',
  'service_unavailable',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const errorStatus: Record<ErrorCode, number> = {
  unauthorized: 401,
  invalid_key_metadata: 401,
  forbidden: 403,
  not_found: 404,
  bad_request: 400,
  validation_failed: 422,
  invalid_webhook_url: 422,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

export const ErrorEnvelope = z.object({
  error: z.object({ code: z.string().min(1), message: z.string() }),
  meta: z.object({ request_id: z.string() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/**
 * `validation_failed` messages start with the failing field path (interface, Errors), e.g.
 * `limit: must be between 1 and 100`. Service and client both describe zod failures this way.
 */
export function describeValidationError(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  if (!issue) return `${prefix ?? 'request'}: is invalid`;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return `${path || 'body'}: ${issue.message}`;
}
