import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseWebhookResolve } from '../webhooks/https-transport';
import { UsageError } from './usage-error';

/** Every `serve` flag, parsed in this one place; part 2 adds its own flags here. */
export interface ServeOptions {
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
}

export const DEFAULT_JOB_DELAY_MS = 4000;
export const DEFAULT_WEBHOOK_RETRY_BASE_MS = 5000;

function parseMilliseconds(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`${flag} must be a whole number of milliseconds`);
  return Number(value);
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

export function parseServeOptions(args: string[]): ServeOptions {
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
  };
}
