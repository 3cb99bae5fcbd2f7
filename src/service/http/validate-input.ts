import type { Context } from 'hono';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../shared/api/endpoints';
import { describeValidationError } from '../../shared/api/errors';
import type { AppEnv } from './app-env';
import { ServiceError } from './service-error';

function parseWith(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError('validation_failed', describeValidationError(result.error));
  return result.data;
}

async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  // An absent body is an empty object, so a missing required field reads as validation_failed
  // (interface, Webhooks: "A missing required body field ... returns 422 validation_failed").
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError('bad_request', 'body: is not valid JSON');
  }
}

/**
 * interface, Errors: 422 validation_failed, message starting with the field path, for the query,
 * then the body; unknown query parameters are ignored, and only the first value of a repeated one
 * counts. A path whose id no record can have (longer than any id the service issues) names nothing:
 * 404 not_found, as for any other id that names nothing (interface, Authentication 9), after the
 * 422s as the handler's own 404 would be (design.md, error precedence).
 */
export async function validateInput(c: Context<AppEnv>, definition: EndpointDefinition) {
  const path = definition.pathParams?.safeParse(c.req.param());
  const query = parseWith(definition.query, c.req.query());
  const body = definition.body ? parseWith(definition.body, await readJsonBody(c)) : undefined;
  if (path && !path.success) {
    throw new ServiceError('not_found', `nothing was found for this ${String(path.error.issues[0]?.path[0] ?? 'id')}`);
  }
  return { params: path?.data, query, body };
}
