import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../context';
import { changeStamp } from '../db/change-stamp';
import { authenticateUnder, keyVerifierDown, replyKey } from './pipeline';
import { newRequestId, REQUEST_ID_HEADER } from './request-id';

/**
 * The Authorization header of a request the app would judge on its headers alone: none of the
 * headers that can make a GET fail or change how it is judged (a body, an Idempotency-Key) and
 * one Authorization header at most (the app would see two joined as one value). Null otherwise.
 */
function plainAuthorization(rawHeaders: readonly string[]): string | undefined | null {
  let authorization: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    // Lengths first: most headers are none of these, and lower-casing every name costs.
    if (name.length === 13 && name.toLowerCase() === 'authorization') {
      if (authorization !== undefined) return null;
      authorization = rawHeaders[i + 1]!;
    } else if (
      (name.length === 14 && name.toLowerCase() === 'content-length') ||
      (name.length === 17 && name.toLowerCase() === 'transfer-encoding') ||
      (name.length === 15 && name.toLowerCase() === 'idempotency-key')
    ) {
      return null;
    }
  }
  return authorization;
}

/**
 * Answers a GET whose answer is kept (context.ts, ReadCaches) from Node's request itself, before
 * Hono and its adapter build a URL, Headers, a Request, a Context, a Response and the pipeline's
 * steps for it: under load those cost twice the rest of the request (docs/benchmarks.md,
 * throughput). Returns false, having written nothing, for every request it does not answer.
 *
 * It answers only when each step of the error precedence (design.md, "More decisions") is known
 * to pass. The 503 and the key's check are read under this request's stamp, as the pipeline reads
 * them. The route, the method, the scope and the input's validity are what an answer kept under
 * this stamp, for this key and this very target, already passed: they depend on nothing else, and
 * a key's scopes change only with a commit, which moves the stamp. A rate-limited key, any body
 * or Idempotency-Key, a repeated Authorization header and a miss go to the app, which judges
 * them in full (and takes the key's token once).
 */
export function answerKeptReply(ctx: ServiceContext, incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  const replies = ctx.caches.replies;
  if (replies === null || incoming.method !== 'GET' || incoming.url === undefined) return false;
  const authorization = plainAuthorization(incoming.rawHeaders);
  if (authorization === null) return false;
  const stamp = changeStamp(ctx.db);
  if (keyVerifierDown(ctx, stamp)) return false;
  const auth = authenticateUnder(ctx, stamp, authorization);
  if (!auth.ok || auth.caller.rateLimit !== null) return false;
  const reply = replies.peek(stamp, replyKey(auth.caller.keyId, incoming.url));
  if (reply === undefined) return false;
  const requestId = newRequestId();
  outgoing.writeHead(reply.status, {
    'content-type': 'application/json',
    [REQUEST_ID_HEADER]: requestId,
    'content-length': reply.head.length + requestId.length + reply.tail.length,
  });
  // Corked, the three parts leave with the headers in one write.
  outgoing.cork();
  outgoing.write(reply.head);
  outgoing.write(requestId, 'latin1');
  outgoing.end(reply.tail);
  return true;
}
