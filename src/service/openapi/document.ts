import { z } from 'zod';
import { type EndpointDefinition, endpoints } from '../../shared/api/endpoints';
import { ErrorEnvelope, errorStatus } from '../../shared/api/errors';

type JsonSchema = Record<string, unknown>;

/** Schemas are embedded in the document, so the standalone `$schema` marker is dropped. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(location: 'path' | 'query', shape: z.ZodObject | undefined) {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, schema]) => ({
    name,
    in: location,
    required: location === 'path' || !(schema as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(schema as z.ZodType, 'input'),
  }));
}

/** Errors an endpoint can answer with, beside the ones every endpoint can (interface, Errors). */
function errorCodesOf(definition: EndpointDefinition): number[] {
  const statuses = new Set([400, 401, 403, 429, 500, 503]);
  if (definition.pathParams) statuses.add(404);
  if (definition.pathParams || definition.query || definition.body) statuses.add(422);
  return [...statuses].sort();
}

const errorCodesByStatus = Object.entries(errorStatus).reduce<Record<number, string[]>>((byStatus, [code, status]) => {
  byStatus[status] = [...(byStatus[status] ?? []), code];
  return byStatus;
}, {});

function operation(name: string, definition: EndpointDefinition) {
  const errorResponses = Object.fromEntries(
    errorCodesOf(definition).map((status) => [
      String(status),
      {
        description: `Error: ${errorCodesByStatus[status]?.join(' or ')}`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } } : {}),
      },
    ]),
  );
  return {
    operationId: name,
    summary: definition.summary,
    ...(definition.scope ? { description: `Requires the \`${definition.scope}\` scope.` } : {}),
    parameters: [
      ...parameters('path', definition.pathParams),
      ...parameters('query', definition.query),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 256 },
      },
    ],
    ...(definition.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(definition.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(definition.successStatus)]: {
        description: 'Success',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
        content: { 'application/json': { schema: jsonSchema(definition.served, 'output') } },
      },
      ...errorResponses,
    },
  };
}

/**
 * interface, Versioning 1: the machine-readable description, version 1.0.0, generated from the
 * same endpoint table and zod schemas the service validates with.
 */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    paths[definition.path] = {
      ...paths[definition.path],
      [definition.method.toLowerCase()]: operation(name, definition),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sales Call Intelligence API',
      version: '1.0.0',
      description: 'Recorded sales calls, deals, analyses, scorings, members, webhooks and API-key self-revocation.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key beginning with sci_' },
      },
      headers: {
        RequestId: { description: 'The request id, also in meta.request_id', schema: { type: 'string' } },
      },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') },
    },
  };
}
