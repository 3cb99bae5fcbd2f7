import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_JOB_DELAY_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_WEBHOOK_RETRY_BASE_MS,
  type ServiceOptions,
} from '../service-options';
import { HTTPS_PORT } from '../webhooks/allowlist';
import { parseWebhookResolve } from '../webhooks/https-transport';
import { UsageError } from './usage-error';

function parseMilliseconds(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`${flag} must be a whole number of milliseconds`);
  return Number(value);
}

function parsePositive(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new UsageError(`${flag} must be a whole number of at least 1`);
  return Number(value);
}

function parseTimeouts(headers: string | undefined, request: string | undefined) {
  const headersTimeoutMs = parsePositive('--headers-timeout-ms', headers, DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeoutMs = parsePositive('--request-timeout-ms', request, DEFAULT_REQUEST_TIMEOUT_MS);
  // Node refuses a headers timeout longer than the whole request's.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new UsageError('--headers-timeout-ms must not be longer than --request-timeout-ms');
  }
  return { headersTimeoutMs, requestTimeoutMs };
}

function parseWebhookPorts(values: string[]): ReadonlySet<number> {
  const ports = values.map((value) => {
    const port = parsePort('--webhook-port', value);
    if (port === 0) throw new UsageError('--webhook-port must be a port number from 1 to 65535');
    return port;
  });
  return new Set([HTTPS_PORT, ...ports]);
}

function parseCaFile(file: string | undefined): string | undefined {
  if (file !== undefined && !existsSync(file)) throw new UsageError(`--webhook-ca: no file ${file}`);
  return file;
}

function parseResolve(values: string[]): Map<string, string> {
  try {
    return new Map(values.map(parseWebhookResolve));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parsePort(flag: string, value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`${flag} must be a port number from 0 to 65535`);
  }
  return Number(value);
}

/** Every `serve` flag, parsed in this one place into the service's options. */
export function parseServeOptions(args: string[]): ServiceOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      data: { type: 'string' },
      port: { type: 'string' },
      'alt-port': { type: 'string' },
      'ready-file': { type: 'string' },
      'job-delay-ms': { type: 'string' },
      'webhook-retry-base-ms': { type: 'string' },
      'webhook-ca': { type: 'string' },
      'webhook-resolve': { type: 'string', multiple: true },
      'webhook-port': { type: 'string', multiple: true },
      'headers-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'max-connections': { type: 'string' },
      'no-reply-cache': { type: 'boolean' },
      'living-demo-every-ms': { type: 'string' },
    },
  });
  if (!values.data) throw new UsageError('serve needs --data DIR');
  return {
    dataDir: values.data,
    port: parsePort('--port', values.port),
    altPort: parsePort('--alt-port', values['alt-port']),
    readyFile: values['ready-file'],
    jobDelayMs: parseMilliseconds('--job-delay-ms', values['job-delay-ms'], DEFAULT_JOB_DELAY_MS),
    webhookRetryBaseMs: parseMilliseconds(
      '--webhook-retry-base-ms',
      values['webhook-retry-base-ms'],
      DEFAULT_WEBHOOK_RETRY_BASE_MS,
    ),
    webhookCaFile: parseCaFile(values['webhook-ca']),
    webhookResolve: parseResolve(values['webhook-resolve'] ?? []),
    webhookPorts: parseWebhookPorts(values['webhook-port'] ?? []),
    ...parseTimeouts(values['headers-timeout-ms'], values['request-timeout-ms']),
    maxConnections: parsePositive('--max-connections', values['max-connections'], DEFAULT_MAX_CONNECTIONS),
    replyCache: !values['no-reply-cache'],
    livingDemoEveryMs:
      values['living-demo-every-ms'] === undefined
        ? null
        : parsePositive('--living-demo-every-ms', values['living-demo-every-ms'], 0),
  };
}
