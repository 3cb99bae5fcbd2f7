import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { describeValidationError } from '../../shared/api/errors';
import { PlantCreateBody, PlantListQuery, PlantPath } from '../../shared/api/plants';
import { authenticate } from '../auth/authenticate';
import { ApiError, notFound } from '../http/api-error';
import type { AppEnv, ServiceContext } from '../http/context';
import { envelopeApp } from '../http/envelope-app';
import { checkHeaders, MAX_BODY_BYTES } from '../http/pipeline';
import { idempotency } from '../idempotency/idempotency-middleware';
import { isFaultOn } from '../queries/faults';
import { createPlant, deletePlant, listPlants } from './plants-store';

/**
 * The auxiliary listing at alt_base_url (interface, "Auxiliary listing"): the main API's keys and
 * organisation scoping, bare JSON bodies, and 400 bad_request for any invalid input, the one
 * error the interface names for it (docs/decisions.md).
 */
export function createPlantsApp(ctx: ServiceContext) {
  const app = envelopeApp(ctx.logger);
  const authenticated: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isFaultOn(ctx.db, 'key-verifier-down')) {
      throw new ApiError('service_unavailable', 'key verification is temporarily unavailable; retry shortly');
    }
    const result = authenticate(ctx.db, ctx.signingSecret, c.req.header('authorization'));
    if (!result.ok) throw new ApiError(result.code, result.message);
    c.set('caller', result.caller);
    checkHeaders(c);
    await next();
  };

  app.get('/plants', authenticated, (c) => {
    const { limit } = parse(PlantListQuery, c.req.query());
    return c.json(listPlants(ctx.db, c.get('caller').orgId, limit));
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('bad_request', `body: must be at most ${MAX_BODY_BYTES} bytes`);
    },
  });
  app.post('/plants', authenticated, limitBody, idempotency(ctx), async (c) => {
    const body = parse(PlantCreateBody, await c.req.json().catch(() => undefined), 'body');
    const plant = createPlant(ctx.db, { orgId: c.get('caller').orgId, ...body, now: ctx.now().toISOString() });
    return c.json(plant, 201);
  });

  app.delete('/plants/:id', authenticated, (c) => {
    const { id } = parse(PlantPath, { id: c.req.param('id') });
    if (!deletePlant(ctx.db, c.get('caller').orgId, id)) throw notFound('plant');
    return c.json({ id, deleted: true as const });
  });

  app.all('/plants', () => {
    throw new ApiError('not_found', 'use GET or POST on /plants', { Allow: 'GET, POST' }, 405);
  });
  app.all('/plants/:id', () => {
    throw new ApiError('not_found', 'use DELETE on /plants/{id}', { Allow: 'DELETE' }, 405);
  });
  return app;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError('bad_request', describeValidationError(result.error, prefix));
  return result.data;
}
