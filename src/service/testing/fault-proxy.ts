import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { EndpointName } from '../../shared/api/endpoints';
import { type Answer, type Exchange, exchangeOf, forward, readBody, send } from './variant-proxy';

type Json = Record<string, unknown>;

/**
 * What goes wrong between the client and the service. Each one is what a real service, a proxy
 * in front of it or the network has been seen to do; none is a legal answer to rely on.
 */
export type Fault =
  /** An error answer in the interface's envelope (429 with any `Retry-After`, any 5xx, a 401…). */
  | { kind: 'status'; status: number; code?: string; retryAfter?: string }
  /** The headers and the first bytes of the service's answer, then nothing, the connection open. */
  | { kind: 'stall-body' }
  /** The request is taken and never answered. */
  | { kind: 'stall-headers' }
  /** A 200 whose JSON body runs to `bytes` bytes. */
  | { kind: 'huge-body'; bytes: number }
  | { kind: 'redirect'; status?: 301 | 302 | 307 | 308; location: string }
  /** The connection is closed without an answer. */
  | { kind: 'drop' }
  /** A 200 whose body is not JSON. */
  | { kind: 'not-json' }
  /**
   * A list page of the service with `has_more` true and a `next_cursor` that never ends: the
   * cursor sent ('same'), or a new one each time ('new'), which the service reads as malformed and
   * answers with its first page again (interface, Pagination 6).
   */
  | { kind: 'endless-pages'; cursor: 'same' | 'new' }
  /** The service's answer, changed: a field left out, a value the client did not expect. */
  | { kind: 'edit'; edit(body: Json, exchange: Exchange): void };

export interface FaultRule {
  /** The requests it applies to: an endpoint of the interface's table, or a test of the exchange. */
  when: EndpointName | ((exchange: Exchange) => boolean);
  fault: Fault;
  /** How many matching requests get the fault; absent: every one until the rule is removed. */
  times?: number;
}

export interface InjectedFault {
  /** How many requests got the fault so far: a test asserts it, so it cannot pass without it. */
  injected(): number;
  remove(): void;
}

export interface FaultyRequest {
  method: string;
  path: string;
  endpoint: EndpointName | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** The fault it got, if any. */
  fault: Fault['kind'] | null;
  /** Its headers and body as sent, for a test that watches what the app lets out. */
  headers: Record<string, string | string[] | undefined>;
  /** Empty until the proxy has read it (before it answers). */
  body: string;
}

export interface FaultProxy {
  readonly url: string;
  inject(rule: FaultRule): InjectedFault;
  /** Every rule removed: requests pass to the service as they are. */
  clear(): void;
  /** Every request received so far, oldest first. */
  received(): readonly FaultyRequest[];
  close(): Promise<void>;
}

const requestId = () => `req_${randomUUID().replaceAll('-', '')}`;

function statusAnswer(fault: Extract<Fault, { kind: 'status' }>, response: ServerResponse): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  response.writeHead(fault.status, headers);
  const code = fault.code ?? (fault.status === 429 ? 'rate_limited' : fault.status >= 500 ? 'internal_error' : 'fault');
  response.end(
    JSON.stringify({ error: { code, message: `Injected ${fault.status}.` }, meta: { request_id: requestId() } }),
  );
}

/** A JSON answer of `bytes` bytes, streamed so the proxy never holds it whole. */
function hugeAnswer(bytes: number, response: ServerResponse): void {
  const head = '{"data":[],"meta":{"request_id":"req_00000000000000000000000000000000","padding":"';
  const tail = '"}}';
  response.writeHead(200, { 'content-type': 'application/json' });
  let left = Math.max(0, bytes - head.length - tail.length);
  response.write(head);
  const chunk = 'x'.repeat(64 * 1024);
  const pump = () => {
    while (left > 0) {
      const piece = chunk.slice(0, Math.min(chunk.length, left));
      left -= piece.length;
      if (!response.write(piece)) return void response.once('drain', pump);
    }
    response.end(tail);
  };
  response.on('error', () => {});
  pump();
}

function endless(body: unknown, exchange: Exchange, mode: 'same' | 'new', served: number): void {
  const meta = (body as { meta?: Json } | undefined)?.meta;
  if (!meta) return;
  meta.has_more = true;
  meta.next_cursor = mode === 'same' ? (exchange.url.searchParams.get('cursor') ?? 'again') : `again-${served}`;
}

/**
 * A real HTTP server in front of the local service that injects faults into chosen exchanges;
 * everything else passes as it is. The client under test talks to it as to any service, so a
 * test proves what the app does when the network or a service misbehaves, and counts the
 * requests the app sent meanwhile (a flood, a loop that never ends).
 */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const received: FaultyRequest[] = [];
  /** Every rule injected, in order; one spent or removed stays, so its count can still be read. */
  const rules: { rule: FaultRule; count: number; active: boolean }[] = [];

  function faultFor(exchange: Exchange): { fault: Fault; count: number } | null {
    for (const entry of rules) {
      const { when, times } = entry.rule;
      if (!entry.active || !(typeof when === 'string' ? exchange.endpoint === when : when(exchange))) continue;
      entry.count += 1;
      if (times !== undefined && entry.count >= times) entry.active = false;
      return { fault: entry.rule.fault, count: entry.count };
    }
    return null;
  }
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const exchange = exchangeOf(request, targetUrl);
    const chosen = faultFor(exchange);
    const seen: FaultyRequest = {
      method: exchange.method,
      path: request.url ?? '/',
      endpoint: exchange.endpoint,
      at: Date.now(),
      fault: chosen?.fault.kind ?? null,
      headers: request.headers,
      body: '',
    };
    received.push(seen);
    void (async () => {
      const body = await readBody(request);
      seen.body = body.toString('utf8');
      const fault = chosen?.fault;
      switch (fault?.kind) {
        case 'status':
          return statusAnswer(fault, response);
        case 'stall-headers':
          return;
        case 'drop':
          return void request.socket.destroy();
        case 'huge-body':
          return hugeAnswer(fault.bytes, response);
        case 'redirect':
          response.writeHead(fault.status ?? 302, { location: fault.location });
          return void response.end();
        case 'not-json':
          return send(response, { status: 200, body: undefined, rawBody: '<html>Gateway</html>' }, null);
      }
      const forwarded = await forward(request, body, exchange.url);
      if (!forwarded) return;
      const { answer, requestId: id } = forwarded;
      if (fault?.kind === 'stall-body') {
        const text = JSON.stringify(answer.body);
        const length = Buffer.byteLength(text);
        response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': length });
        return void response.write(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
      }
      if (fault?.kind === 'endless-pages') endless(answer.body, exchange, fault.cursor, chosen!.count);
      if (fault?.kind === 'edit' && answer.body && typeof answer.body === 'object') {
        fault.edit(answer.body as Json, exchange);
      }
      send(response, answer as Answer, id);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fault proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject(rule) {
      const entry = { rule, count: 0, active: true };
      rules.push(entry);
      return {
        injected: () => entry.count,
        remove: () => {
          entry.active = false;
        },
      };
    },
    clear: () => {
      for (const entry of rules) entry.active = false;
    },
    received: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
