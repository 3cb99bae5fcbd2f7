/**
 * How a running service is set up: what `serve`'s flags say (cli/serve-options.ts parses them
 * into this), what the server, its HTTP pipeline and its background work read.
 */
export interface ServiceOptions {
  dataDir: string;
  port: number;
  altPort: number;
  readyFile: string | undefined;
  /** How long each analysis or scoring takes (design.md: default a few seconds). */
  jobDelayMs: number;
  /** The first webhook retry delay; each next one doubles (design.md). */
  webhookRetryBaseMs: number;
  /** `--webhook-ca FILE`: an extra CA the delivery worker trusts. */
  webhookCaFile: string | undefined;
  /** `--webhook-resolve HOST=IP`, repeatable: names of local receivers → loopback addresses. */
  webhookResolve: Map<string, string>;
  /** 443 and each `--webhook-port N`: the ports webhook URLs may name. */
  webhookPorts: ReadonlySet<number>;
  /** A request whose headers have not all arrived in this time is answered and closed. */
  headersTimeoutMs: number;
  /** A request (headers and body) not received whole in this time is answered and closed. */
  requestTimeoutMs: number;
  /** Connections each listener holds at once; more are closed as they arrive. */
  maxConnections: number;
  /** Repeated GETs answered from the reply cache (context.ts); `--no-reply-cache` turns it off. */
  replyCache: boolean;
  /** `--living-demo-every-ms N`: the demo organisation's deals move and calls come in this often; off without it. */
  livingDemoEveryMs: number | null;
}

export const DEFAULT_JOB_DELAY_MS = 4000;
export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 5000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 1024;
