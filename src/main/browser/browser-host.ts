import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { BROWSER_TOKEN_HEADER, BROWSER_TOKEN_PARAM, browserBridgePaths } from '../../shared/browser-bridge';
import { ApiError } from '../core/api-client/api-error';
import type { AppCore } from '../core/app-core/app-core';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface BrowserHost {
  /** Open this; it carries the token, which the page moves into sessionStorage. */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

const InvokeBody = z.object({ op: z.string(), params: z.unknown(), callId: z.string().max(200).optional() });
const CancelBody = z.object({ callId: z.string().max(200) });

/** The renderer's own CSP, sent as a header too, plus the framing and sniffing guards a page needs. */
const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function sameSecret(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refused(c: Context, status: 401 | 403, message: string) {
  return c.json(
    { ok: false, error: new ApiError({ code: 'forbidden_sender', message, status }).toBridgeError() },
    status,
  );
}

/**
 * Browser mode: the same app core as the Electron shell, behind a host that only this
 * machine can reach (127.0.0.1) and only a page holding this launch's random token can use.
 * The Host header must name this host, so a DNS-rebinding page cannot borrow the browser.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = randomBytes(32).toString('base64url');
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
    if (!sameSecret(c.req.header(BROWSER_TOKEN_HEADER), token)) {
      return refused(c, 401, 'This page is not the one Callscope opened; open the address Callscope printed.');
    }
    await next();
  });
  app.use('/bridge/*', bodyLimit({ maxSize: 256 * 1024 }));

  app.post(browserBridgePaths.invoke, async (c) => {
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
    return c.json(await options.core.invoke(body.data.op, body.data.params, body.data.callId));
  });

  app.post(browserBridgePaths.cancel, async (c) => {
    const body = CancelBody.safeParse(await c.req.json().catch(() => null));
    if (body.success) options.core.cancel(body.data.callId);
    return c.body(null, 204);
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
    url: `${origin}/?${BROWSER_TOKEN_PARAM}=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
