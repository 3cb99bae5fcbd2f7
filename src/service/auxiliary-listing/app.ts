import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { describeValidationError } from '../../shared/api/errors';
import { PlantCreateBody, PlantListQuery, PlantPath } from '../../shared/api/plants';
import type { ServiceContext } from '../context';
import type { AppEnv } from '../http/app-env';
import { MAX_BODY_BYTES } from '../http/body-limit';
import { envelopeApp } from '../http/envelope-app';
import { guardStep, type RouteGuard } from '../http/pipeline';
import { notFound, ServiceError } from '../http/service-error';
import { idempotency } from '../idempotency/idempotency-middleware';
import { createPlant, deletePlant, listPlants } from './plants-store';

/**
 * The auxiliary listing at alt_base_url (interface, "Auxiliary listing"): the main API's keys and
 * organisation scoping, bare JSON bodies, and 400 bad_request for any invalid input, the one
 * error the interface names for it (docs/decisions/service.md).
 */
export function createPlantsApp(ctx: ServiceContext) {
  const app = envelopeApp(ctx.logger);
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    guard: RouteGuard,
    ...steps: MiddlewareHandler<AppEnv>[]
  ) => {
    app.on(method, path, guardStep(ctx, guard), ...steps);
  };

  route('GET', '/plants', { scope: null, maxBodyBytes: 0 }, async (c) => {
    const { limit } = parse(PlantListQuery, c.req.query());
    return c.json(listPlants(ctx.db, c.get('caller').orgId, limit));
  });

  route('POST', '/plants', { scope: 'plants:write', maxBodyBytes: MAX_BODY_BYTES }, idempotency(ctx), async (c) => {
    const body = parse(PlantCreateBody, await c.req.json().catch(() => undefined), 'body');
    const plant = createPlant(ctx.db, { orgId: c.get('caller').orgId, ...body, now: ctx.now().toISOString() });
    return c.json(plant, 201);
  });

  route('DELETE', '/plants/:id', { scope: 'plants:write', maxBodyBytes: 0 }, async (c) => {
    const { id } = parse(PlantPath, { id: c.req.param('id') });
    if (!deletePlant(ctx.db, c.get('caller').orgId, id)) throw notFound('plant');
    return c.json({ id, deleted: true as const });
  });

  app.all('/plants', () => {
    throw new ServiceError('not_found', 'use GET or POST on /plants', { Allow: 'GET, POST' }, 405);
  });
  app.all('/plants/:id', () => {
    throw new ServiceError('not_found', 'use DELETE on /plants/{id}', { Allow: 'DELETE' }, 405);
  });
  return app;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ServiceError('bad_request', describeValidationError(result.error, prefix));
  return result.data;
}
