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
 * interface, Errors: 422 validation_failed, message starting with the field path. Path params,
 * then query, then body; unknown query parameters are ignored, and only the first value of a
 * repeated one counts.
 */
export async function validateInput(c: Context<AppEnv>, definition: EndpointDefinition) {
  const params = parseWith(definition.pathParams, c.req.param());
  const query = parseWith(definition.query, c.req.query());
  const body = definition.body ? parseWith(definition.body, await readJsonBody(c)) : undefined;
  return { params, query, body };
}
