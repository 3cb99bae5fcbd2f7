import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { BROWSER_CODE_PARAM, BROWSER_TOKEN_HEADER, browserBridgePaths } from '../../shared/browser-bridge';
import type { AppCore } from '../core/app/app-core';
import { ApiError } from '../core/service-client/api-client/api-error';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface BrowserHost {
  origin: string;
  /** An address to open, carrying a new one-time sign-in code that one page trades for its session. */
  newSignInUrl(): string;
  close(): Promise<void>;
}

const SessionBody = z.object({ code: z.string().max(200) });
const InvokeBody = z.object({ op: z.string(), params: z.unknown(), callId: z.string().max(200).optional() });

/** The renderer's own CSP, sent as a header too, plus the framing and sniffing guards a page needs. */
const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // Nothing this host serves is worth a copy on disk: pages and answers stay out of the cache.
  'Cache-Control': 'no-store',
};

const newSecret = () => randomBytes(32).toString('base64url');

function refused(c: Context, status: 401 | 403, message: string) {
  return c.json(
    { ok: false, error: new ApiError({ code: 'forbidden_sender', message, status }).toBridgeError() },
    status,
  );
}

/**
 * Browser mode: the same app core as the Electron shell, behind a host that only this machine
 * can reach (127.0.0.1) and only a page holding a session token can use. A page gets its token by
 * trading the one-time code of the address it was opened with, so the address left in the
 * browser's history and session files is worth nothing. Secrets are random 32 bytes, compared
 * by Set lookup (hashed, so a byte-by-byte timing probe learns nothing). The Host header must
 * name this host, so a DNS-rebinding page cannot borrow the browser.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const unusedCodes = new Set<string>();
  const sessions = new Set<string>();
  let origin = '';
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (c.req.header('host') !== new URL(origin).host) return c.text('Unknown host', 403);
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
  });

  app.use('/bridge/*', async (c, next) => {
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== origin)
      return refused(c, 403, 'Requests from other sites are refused.');
    if (c.req.path !== browserBridgePaths.session && !sessions.has(c.req.header(BROWSER_TOKEN_HEADER) ?? '')) {
      return refused(c, 401, 'This page is not the one Callscope opened; open the address Callscope printed.');
    }
    await next();
  });
  app.use('/bridge/*', bodyLimit({ maxSize: 256 * 1024 }));

  app.post(browserBridgePaths.session, async (c) => {
    const body = SessionBody.safeParse(await c.req.json().catch(() => null));
    // A code works once: the first page to present it gets the session, later ones nothing.
    if (!body.success || !unusedCodes.delete(body.data.code)) {
      return refused(c, 401, 'This address was already used. Open the new address Callscope prints when it starts.');
    }
    const token = newSecret();
    sessions.add(token);
    return c.json({ token });
  });

  app.post(browserBridgePaths.invoke, async (c) => {
    // Read first: the signal is only tied to the connection once asked for, and the page cancels a
    // call by aborting its request (http-bridge.ts), which closes the connection.
    const closed = c.req.raw.signal;
    const body = InvokeBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) {
      return c.json(
        {
          ok: false,
          error: new ApiError({ code: 'invalid_params', message: 'Malformed bridge call.' }).toBridgeError(),
        },
        400,
      );
    }
    const { op, params, callId } = body.data;
    const answer = options.core.invoke(op, params, callId);
    if (callId === undefined) return c.json(await answer);
    const cancel = () => options.core.cancel(callId);
    if (closed.aborted) cancel();
    closed.addEventListener('abort', cancel, { once: true });
    try {
      return c.json(await answer);
    } finally {
      closed.removeEventListener('abort', cancel);
    }
  });

  app.get(browserBridgePaths.events, (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = options.core.on((event, payload) => {
        void stream.writeSSE({ event, data: JSON.stringify(payload) });
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(15_000);
        await stream.writeSSE({ event: 'ping', data: '{}' });
      }
      unsubscribe();
    }),
  );

  app.use('*', serveStatic({ root: options.rendererDir }));
  // Any other page address is the single-page app's; it routes on its own.
  app.get('*', serveStatic({ path: join(options.rendererDir, 'index.html') }));

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    newSignInUrl: () => {
      const code = newSecret();
      unusedCodes.add(code);
      return `${origin}/?${BROWSER_CODE_PARAM}=${code}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
