import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EndpointName, endpoints } from '../../shared/api/endpoints';
import { OPENAPI_PATH } from '../http/app';

/** One exchange as a variant sees it: which endpoint (null: none of the table's), its address, its key. */
export interface Exchange {
  endpoint: EndpointName | null;
  method: string;
  url: URL;
  key: string | null;
}

/** An answer a variant passes on, changes or makes up: `body` undefined sends no body at all. */
export interface Answer {
  status: number;
  body: unknown;
  /** Sent as is when set (a page that is not JSON). */
  rawBody?: string;
  contentType?: string;
}

/**
 * Another service that keeps the interface but chose differently where it is open: it may answer
 * a request itself, send it on changed, and change what comes back.
 */
export interface ServiceVariant {
  name: string;
  /** Answer before the service is asked (a refusal), or change the address sent on. */
  request?(exchange: Exchange): Answer | URL | undefined;
  response?(exchange: Exchange, answer: Answer): Answer;
}

const routes = (Object.entries(endpoints) as [EndpointName, (typeof endpoints)[EndpointName]][]).map(
  ([name, definition]) => ({
    name,
    method: definition.method,
    pattern: new RegExp(`^${definition.path.replaceAll(/\{\w+\}/g, '[^/]+')}$`),
  }),
);

function endpointOf(method: string, path: string): EndpointName | null {
  return routes.find((route) => route.method === method && route.pattern.test(path))?.name ?? null;
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function send(response: ServerResponse, answer: Answer, requestId: string | null): void {
  const headers: Record<string, string> = {};
  if (requestId) headers['x-request-id'] = requestId;
  if (answer.rawBody !== undefined) {
    response.writeHead(answer.status, { ...headers, 'content-type': answer.contentType ?? 'text/plain' });
    response.end(answer.rawBody);
  } else if (answer.body === undefined) {
    response.writeHead(answer.status, headers);
    response.end();
  } else {
    response.writeHead(answer.status, { ...headers, 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }
}

/** What a proxy knows of a request before the service is asked. */
export function exchangeOf(request: IncomingMessage, targetUrl: string): Exchange {
  const url = new URL(request.url ?? '/', targetUrl);
  const method = request.method ?? 'GET';
  const authorization = request.headers.authorization ?? '';
  return {
    endpoint: endpointOf(method, url.pathname),
    method,
    url,
    key: authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null,
  };
}

/**
 * Sends the request on to the service and reads its answer; null when the service is stopped,
 * after dropping the client's connection: it gets no answer either, as without the proxy (an
 * answer from the proxy would tell it the service is there).
 */
export async function forward(
  request: IncomingMessage,
  body: Buffer,
  sent: URL,
): Promise<{ answer: Answer; requestId: string | null } | null> {
  let forwarded: Response;
  let text: string;
  try {
    forwarded = await fetch(sent, {
      method: request.method ?? 'GET',
      headers: Object.fromEntries(
        ['authorization', 'content-type', 'idempotency-key', 'accept']
          .map((name) => [name, request.headers[name]])
          .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      body: body.length > 0 ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    });
    text = await forwarded.text();
  } catch {
    request.socket.destroy();
    return null;
  }
  const answer: Answer = { status: forwarded.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  return { answer, requestId: forwarded.headers.get('x-request-id') };
}

/** A request the proxy received: what a test counts to know what a screen costs the service. */
export interface ReceivedRequest {
  method: string;
  path: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface VariantProxy {
  readonly url: string;
  /** Every request received so far, oldest first. */
  received(): readonly ReceivedRequest[];
  /**
   * Every request received so far as text: its method, address, headers and body, for a test that
   * something private was never sent (a request is here once its body has arrived).
   */
  wire(): readonly string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server in front of the local service that answers the way another service might
 * (`service-variants.ts`): the client under test talks to it exactly as to any service, so
 * what it proves holds for a service Callscope did not write.
 */
export async function startVariantProxy(targetUrl: string, variant: ServiceVariant): Promise<VariantProxy> {
  const received: ReceivedRequest[] = [];
  const wire: string[] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? 'GET', path: request.url ?? '/', at: Date.now() });
    void (async () => {
      const body = await readBody(request);
      wire.push(`${request.method} ${request.url}\n${request.rawHeaders.join('\n')}\n\n${body.toString('utf8')}`);
      const exchange = exchangeOf(request, targetUrl);
      const { url } = exchange;
      const early = variant.request?.(exchange);
      if (early && !(early instanceof URL)) return send(response, early, null);
      const sent = early instanceof URL ? early : url;
      const forwarded = await forward(request, body, sent);
      if (!forwarded) return;
      const { answer, requestId } = forwarded;
      const changed =
        exchange.endpoint !== null || url.pathname === OPENAPI_PATH ? variant.response?.(exchange, answer) : undefined;
      send(response, changed ?? answer, requestId);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`variant proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => [...received],
    wire: () => [...wire],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
