import type { MiddlewareHandler } from 'hono';
import { type EndpointName, endpoints, type HttpMethod } from '../../shared/api/endpoints';
import type { ServiceContext } from '../context';
import { buildOpenApiDocument } from '../openapi/document';
import type { AppEnv } from './app-env';
import { envelopeApp } from './envelope-app';
import type { Handler, HandlerRegistry } from './handler';
import { handlers } from './handlers/index';
import { checkHeaders, endpointPipeline } from './pipeline';
import { ServiceError } from './service-error';

export const OPENAPI_PATH = '/v1/openapi.json';

/** `/v1/videos/{id}` (the table's OpenAPI form) to Hono's `/v1/videos/:id`. */
export function toRoutePath(template: string): string {
  return template.replaceAll(/\{(\w+)\}/g, ':$1');
}

export interface AppExtensions {
  /** Steps run between input validation and the handler of every endpoint (e.g. idempotency). */
  afterValidation?: readonly MiddlewareHandler<AppEnv>[];
}

/**
 * The service's HTTP app: routes generated from the endpoint table. Unknown routes (404) and wrong
 * methods (405) answer before any key is looked at (design.md, error precedence).
 */
export function createApp(ctx: ServiceContext, registry: HandlerRegistry = handlers, extensions: AppExtensions = {}) {
  const app = envelopeApp(ctx.logger);

  // The one response outside the envelope (design.md): the bare document, no key needed.
  const openApiDocument = buildOpenApiDocument();
  app.get(OPENAPI_PATH, (c) => {
    checkHeaders(c);
    return c.json(openApiDocument);
  });

  const methodsByPath = new Map<string, HttpMethod[]>([[OPENAPI_PATH, ['GET']]]);
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const handler = registry[name] as Handler<EndpointName> | undefined;
    if (!handler) continue;
    const definition = endpoints[name];
    const path = toRoutePath(definition.path);
    const [first, ...rest] = endpointPipeline(ctx, definition, handler, extensions.afterValidation);
    app.on(definition.method, path, first!, ...rest);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), definition.method]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = methods.join(', ');
    const headers: Record<string, string> = { Allow: allow };
    app.all(path, (c) => {
      throw new ServiceError('not_found', `${c.req.method} is not supported here; use ${allow}`, headers, 405);
    });
  }
  return app;
}
