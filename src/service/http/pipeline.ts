import type { Context, MiddlewareHandler } from 'hono';
import type { EndpointDefinition, EndpointName } from '../../shared/api/endpoints';
import type { Scope } from '../../shared/api/scopes';
import { type AuthResult, authenticate, type Caller } from '../auth/authenticate';
import type { CachedReply, ServiceContext } from '../context';
import { changeStamp } from '../db/change-stamp';
import { isFaultOn } from '../queries/faults';
import type { AppEnv } from './app-env';
import { limitBody, MAX_BODY_BYTES } from './body-limit';
import type { Handler, Reply } from './handler';
import { ServiceError } from './service-error';
import { validateInput } from './validate-input';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;

type Step = MiddlewareHandler<AppEnv>;

/** Whether the operator has the key verifier down, as read under `stamp`. */
export function keyVerifierDown(ctx: ServiceContext, stamp: string): boolean {
  return ctx.caches.faults.get(stamp, 'key-verifier-down', () => isFaultOn(ctx.db, 'key-verifier-down'));
}

/** The check of an Authorization header (undefined when missing), as read under `stamp`. */
export function authenticateUnder(ctx: ServiceContext, stamp: string, authorization: string | undefined): AuthResult {
  // A header value holds no line break, so '\n' names the missing header apart from an empty one.
  return ctx.caches.callers.get(stamp, authorization ?? '\n', () =>
    authenticate(ctx.db, ctx.signingSecret, authorization),
  );
}

/** Where a GET's answer is kept: the caller's key and the request target as the client sent it. */
export function replyKey(keyId: string, target: string): string {
  return `${keyId} ${target}`;
}

/**
 * The target as sent (`/v1/videos?limit=5`), which is what kept-reply.ts looks answers up by;
 * the URL Hono built from it when the app runs without Node's request (the pipeline's tests).
 */
function requestTarget(c: Context<AppEnv>): string {
  return c.env?.incoming?.url ?? c.req.url;
}

/**
 * interface, Limits: an Idempotency-Key longer than 256 characters is a malformed header. An empty
 * one is too: it names no request, and storing it would make every keyless retry a "repeat".
 */
export function checkHeaders(c: Context<AppEnv>): void {
  const idempotencyKey = c.req.header('idempotency-key');
  if (idempotencyKey === '') throw new ServiceError('bad_request', 'Idempotency-Key: must not be empty');
  if (idempotencyKey !== undefined && idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ServiceError('bad_request', `Idempotency-Key: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
}

function requireScope(caller: Caller, scope: Scope | null): void {
  if (scope !== null && !caller.scopes.has(scope)) {
    throw new ServiceError('forbidden', `the API key lacks the ${scope} scope`);
  }
}

function takeToken(ctx: ServiceContext, { keyId, rateLimit }: Caller): void {
  if (!rateLimit) return;
  const taken = ctx.rateLimits.take(keyId, rateLimit, ctx.now().getTime());
  if (!taken.allowed) {
    throw new ServiceError('rate_limited', `too many requests for this key; retry in ${taken.retryAfterSeconds} s`, {
      'Retry-After': String(taken.retryAfterSeconds),
    });
  }
}

export interface RouteGuard {
  scope: Scope | null;
  /** 0 for a route that takes no body. */
  maxBodyBytes: number;
}

/**
 * What every keyed route checks before its own work, in the error precedence of design.md ("More
 * decisions"): 503, 401, 403 inactive organisation, 400 malformed headers or body, 403 scope, 429.
 * One step rather than one each: every step Hono composes costs a request a promise and a closure.
 * The main API and the auxiliary listing both start with it.
 */
export function guardStep(ctx: ServiceContext, guard: RouteGuard): Step {
  const capBody = limitBody(guard.maxBodyBytes);
  return async (c, next) => {
    // The request's change stamp is read once, here: the guards' kept reads are judged by it.
    const stamp = changeStamp(ctx.db);
    c.set('stamp', stamp);
    // 503 first: while the key verifier is down no key can be judged.
    if (keyVerifierDown(ctx, stamp)) {
      throw new ServiceError('service_unavailable', 'key verification is temporarily unavailable; retry shortly');
    }
    const result = authenticateUnder(ctx, stamp, c.req.header('authorization'));
    if (!result.ok) throw new ServiceError(result.code, result.message);
    const caller = result.caller;
    c.set('caller', caller);
    checkHeaders(c);
    // A body over the cap may show only while it streams in, so what follows runs inside the cap.
    await capBody(c, async () => {
      requireScope(caller, guard.scope);
      takeToken(ctx, caller);
      await next();
    });
  };
}

function requireValidInput(definition: EndpointDefinition): Step {
  return async (c, next) => {
    c.set('input', await validateInput(c, definition));
    await next();
  };
}

function runHandler(ctx: ServiceContext, definition: EndpointDefinition, handler: Handler<EndpointName>): Step {
  const replies = definition.method === 'GET' ? ctx.caches.replies : null;
  return async (c) => {
    const request = { ctx, caller: c.get('caller'), input: c.get('input') as never, c };
    // A GET changes nothing and its handler answers synchronously. Its reply is read after the
    // request's stamp was, so what is kept under a stamp is never older than the stamp.
    const reply = replies
      ? replies.get(c.get('stamp'), replyKey(request.caller.keyId, requestTarget(c)), () =>
          serializeReply(synchronous(handler(request)), definition.successStatus),
        )
      : serializeReply(await handler(request), definition.successStatus);
    const body = Buffer.concat([reply.head, Buffer.from(c.get('requestId'), 'latin1'), reply.tail]);
    return c.body(body, reply.status, { 'Content-Type': 'application/json' });
  };
}

function synchronous<T>(reply: T | Promise<T>): T {
  if (reply instanceof Promise) throw new Error('a GET handler must answer synchronously to be cached');
  return reply;
}

/** The success envelope (interface, common conventions 3); a request id is `req_` and hex, nothing to escape. */
function serializeReply(reply: Reply<EndpointName>, status: CachedReply['status']): CachedReply {
  const meta = 'meta' in reply ? `,${JSON.stringify(reply.meta).slice(1, -1)}` : '';
  return {
    status,
    head: Buffer.from(`{"data":${JSON.stringify(reply.data)},"meta":{"request_id":"`),
    tail: Buffer.from(`"${meta}}}`),
  };
}

/**
 * Event-loop turns after a request's bytes by which a connection closed in the same read has
 * aborted the request's signal: Node reads the connection's end on the next turn and closes the
 * response (which aborts the signal, @hono/node-server) on the turn after.
 */
const TURNS_TO_SEE_A_CLOSE = 3;

/**
 * A read whose client has already gone is not worked on. While the service computes one answer
 * (synchronously: SQLite), the requests behind it wait in the socket buffers, and the palette
 * sends a search per keystroke and aborts the one before: a search typed while the service was
 * busy used to wait for the stale searches of every earlier keystroke, each computed and then
 * written to no one. Only reads: a POST the client left may still have to happen.
 */
function skipWhenClientLeft(): Step {
  return async (c, next) => {
    const closed = c.req.raw.signal;
    for (let turn = 0; turn < TURNS_TO_SEE_A_CLOSE && !closed.aborted; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // No one is left to read an answer; the status only names the case (nginx's "client closed").
    if (closed.aborted) return new Response(null, { status: 499 });
    await next();
  };
}

/**
 * The steps every endpoint runs: for a read, a look at whether its client is still there; the
 * guards, 422 validation, then the handler (whose 404 comes last). Steps that need the validated
 * input (idempotency) go between validation and the handler.
 */
export function endpointPipeline(
  ctx: ServiceContext,
  definition: EndpointDefinition,
  handler: Handler<EndpointName>,
  afterValidation: readonly Step[] = [],
): Step[] {
  return [
    ...(definition.method === 'GET' ? [skipWhenClientLeft()] : []),
    guardStep(ctx, { scope: definition.scope, maxBodyBytes: definition.body ? MAX_BODY_BYTES : 0 }),
    requireValidInput(definition),
    ...afterValidation,
    runHandler(ctx, definition, handler),
  ];
}
