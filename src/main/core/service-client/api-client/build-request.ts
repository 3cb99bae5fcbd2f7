import type { z } from 'zod';
import { describeValidationError, type EndpointDefinition } from '../../../../shared/api';
import { ApiError } from './api-error';

export interface BuiltRequest {
  /** Path and query, to append to the base URL. */
  target: string;
  body: string | undefined;
  /** The validated path parameters, which an answer without a body is read against. */
  pathValues: Record<string, unknown>;
}

function pick(
  schema: z.ZodObject | undefined,
  params: Record<string, unknown>,
  label: string,
): Record<string, unknown> {
  if (!schema) return {};
  const own = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params[key]]));
  const parsed = schema.safeParse(own);
  if (!parsed.success) {
    throw new ApiError({ code: 'invalid_params', message: describeValidationError(parsed.error, label || undefined) });
  }
  return parsed.data as Record<string, unknown>;
}

/**
 * Splits one flat params object into path, query and body by the endpoint's schemas, validating
 * each, so a bad value is refused here instead of costing a round trip (and a rate-limit token).
 * `queryNames` sends a query parameter under the name this service gives it (its profile).
 */
export function buildRequest(
  def: EndpointDefinition,
  params: Record<string, unknown>,
  queryNames: Readonly<Record<string, string>> = {},
): BuiltRequest {
  const pathValues = pick(def.pathParams, params, '');
  const query = pick(def.query, params, '');
  const body = def.body ? pick(def.body, params, '') : undefined;

  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(queryNames[key] ?? key, String(value));
  }
  const queryString = search.toString();
  return {
    target: queryString ? `${path}?${queryString}` : path,
    body: body === undefined ? undefined : JSON.stringify(body),
    pathValues,
  };
}
