import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { EndpointDefinition, EndpointName } from '../../shared/api/endpoints';
import { authenticate } from '../auth/authenticate';
import { isFaultOn } from '../queries/faults';
import { ApiError } from './api-error';
import type { AppEnv, ServiceContext } from './context';
import type { Handler } from './handler';
import { validateInput } from './validate-input';

/** Bodies here are small JSON objects; anything larger is refused while it streams in. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;

type Step = MiddlewareHandler<AppEnv>;

/** 503 first: while the key verifier is down no key can be judged (design.md, error precedence). */
function requireKeyVerifier(ctx: ServiceContext): Step {
  return async (_c, next) => {
    if (isFaultOn(ctx.db, 'key-verifier-down')) {
      throw new ApiError('service_unavailable', 'key verification is temporarily unavailable; retry shortly');
    }
    await next();
  };
}

function requireCaller(ctx: ServiceContext): Step {
  return async (c, next) => {
    const result = authenticate(ctx.db, ctx.signingSecret, c.req.header('authorization'));
    if (!result.ok) throw new ApiError(result.code, result.message);
    c.set('caller', result.caller);
    await next();
  };
}

/** interface, Limits: an Idempotency-Key longer than 256 characters is a malformed header. */
export function checkHeaders(c: Context<AppEnv>): void {
  const idempotencyKey = c.req.header('idempotency-key');
  if (idempotencyKey !== undefined && idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError('bad_request', `Idempotency-Key: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
}

function requireHeaders(): Step {
  return async (c, next) => {
    checkHeaders(c);
    await next();
  };
}

function requireScope(definition: EndpointDefinition): Step {
  return async (c, next) => {
    const { scope } = definition;
    if (scope !== null && !c.get('caller').scopes.has(scope)) {
      throw new ApiError('forbidden', `the API key lacks the ${scope} scope`);
    }
    await next();
  };
}

function applyRateLimit(ctx: ServiceContext): Step {
  return async (c, next) => {
    const { keyId, rateLimit } = c.get('caller');
    if (rateLimit) {
      const taken = ctx.rateLimits.take(keyId, rateLimit, ctx.now().getTime());
      if (!taken.allowed) {
        throw new ApiError('rate_limited', `too many requests for this key; retry in ${taken.retryAfterSeconds} s`, {
          'Retry-After': String(taken.retryAfterSeconds),
        });
      }
    }
    await next();
  };
}

function limitBody(): Step {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('bad_request', `body: must be at most ${MAX_BODY_BYTES} bytes`);
    },
  });
}

function requireValidInput(definition: EndpointDefinition): Step {
  return async (c, next) => {
    c.set('input', await validateInput(c, definition));
    await next();
  };
}

function runHandler(ctx: ServiceContext, definition: EndpointDefinition, handler: Handler<EndpointName>): Step {
  return async (c) => {
    const reply = await handler({ ctx, caller: c.get('caller'), input: c.get('input') as never, c });
    const extraMeta = 'meta' in reply ? (reply.meta as object) : {};
    const meta = { request_id: c.get('requestId'), ...extraMeta };
    return c.json({ data: reply.data, meta }, definition.successStatus);
  };
}

/**
 * The steps every endpoint runs, in the error precedence of design.md ("More decisions"):
 * 503, 401, 403 inactive organisation, 400 headers, 403 scope, 429, 422, then the handler's 404.
 * Steps that need the validated input (idempotency) go between validation and the handler.
 */
export function endpointPipeline(
  ctx: ServiceContext,
  definition: EndpointDefinition,
  handler: Handler<EndpointName>,
  afterValidation: readonly Step[] = [],
): Step[] {
  return [
    requireKeyVerifier(ctx),
    requireCaller(ctx),
    requireHeaders(),
    requireScope(definition),
    applyRateLimit(ctx),
    ...(definition.body ? [limitBody()] : []),
    requireValidInput(definition),
    ...afterValidation,
    runHandler(ctx, definition, handler),
  ];
}
