import { renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { readSigningSecret } from './auth/signing-secret';
import { createPlantsApp } from './auxiliary-listing/app';
import { createBackgroundWork } from './background-work';
import { createReadCaches, type Logger, type ServiceContext } from './context';
import { openDatabase } from './db/database';
import { createApp } from './http/app';
import type { AppEnv } from './http/app-env';
import { answerClientError } from './http/client-error';
import { handlers } from './http/handlers/index';
import { answerKeptReply } from './http/kept-reply';
import { idempotency } from './idempotency/idempotency-middleware';
import { TokenBuckets } from './ratelimit/token-bucket';
import { prepareUnfolding } from './search/index';
import type { ServiceOptions } from './service-options';

export const HOST = '127.0.0.1';

export interface RunningServer {
  baseUrl: string;
  altBaseUrl: string;
  context: ServiceContext;
  /** Stops accepting, lets in-flight requests finish, stops background work, closes the database. */
  close(): Promise<void>;
}

export const consoleLogger: Logger = {
  error: (message, error) => console.error(message, error ?? ''),
};

/** How often Node looks for requests past their timeouts; its default of 30 s would let them linger. */
const TIMEOUT_CHECK_MS = 1000;

/** Answers a request itself, or returns false (having written nothing) to leave it to the app. */
type EarlyAnswer = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/**
 * A listener that a slow or greedy client cannot tie up: headers must arrive within
 * `headersTimeoutMs`, the whole request within `requestTimeoutMs` (then 408 and the connection is
 * closed), and connections past `maxConnections` are dropped as they arrive.
 */
function listen(
  app: Hono<AppEnv>,
  port: number,
  options: ServiceOptions,
  logger: Logger,
  early: EarlyAnswer = () => false,
): Promise<Server> {
  const toApp = getRequestListener(app.fetch, { hostname: HOST });
  return new Promise((resolve, reject) => {
    const server = createServer(
      {
        headersTimeout: options.headersTimeoutMs,
        requestTimeout: options.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, options.headersTimeoutMs),
      },
      (incoming, outgoing) => {
        let answered = false;
        try {
          answered = early(incoming, outgoing);
        } catch {
          // The app meets the same failure and answers it as every other: a logged 500 with an id.
        }
        if (!answered) void toApp(incoming, outgoing);
      },
    );
    server.maxConnections = options.maxConnections;
    server.once('error', reject);
    server.on('clientError', answerClientError(logger));
    server.listen(port, HOST, () => resolve(server));
  });
}

function urlOf(server: Server): string {
  return `http://${HOST}:${(server.address() as AddressInfo).port}`;
}

/** A request still in flight past this is cut off, so shutdown always ends. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops accepting connections and lets in-flight requests finish (design.md: SIGTERM). Keep-alive
 * connections are closed as soon as they fall idle rather than after their keep-alive timeout.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The ready file appears whole (written aside, then renamed), so a poller never reads half of it. */
function writeReadyFile(path: string, content: object): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(content));
  renameSync(`${path}.tmp`, path);
}

export async function startServer(options: ServiceOptions, logger: Logger = consoleLogger): Promise<RunningServer> {
  const db = openDatabase(options.dataDir);
  const context: ServiceContext = {
    db,
    signingSecret: readSigningSecret(db),
    now: () => new Date(),
    options,
    logger,
    rateLimits: new TokenBuckets(),
    caches: createReadCaches({ replies: options.replyCache }),
    background: [],
  };
  context.background.push(...createBackgroundWork(context));
  prepareUnfolding();
  const api = await listen(
    createApp(context, handlers, { afterValidation: [idempotency(context)] }),
    options.port,
    options,
    logger,
    (incoming, outgoing) => answerKeptReply(context, incoming, outgoing),
  );
  const alt = await listen(createPlantsApp(context), options.altPort, options, logger);
  for (const task of context.background) task.start();
  const running: RunningServer = {
    baseUrl: urlOf(api),
    altBaseUrl: urlOf(alt),
    context,
    close: async () => {
      await Promise.all([closeServer(api), closeServer(alt)]);
      for (const task of context.background) await task.stop();
      db.close();
    },
  };
  if (options.readyFile) {
    writeReadyFile(options.readyFile, {
      base_url: running.baseUrl,
      alt_base_url: running.altBaseUrl,
      pid: process.pid,
    });
  }
  return running;
}
