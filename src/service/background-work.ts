import { readFileSync } from 'node:fs';
import { analysisJobHandler } from './analysis/analysis-job';
import type { BackgroundTask, ServiceContext } from './context';
import { createDemoLife } from './demo-life/demo-life';
import { ingestJobHandler } from './ingest/ingest-job';
import { JobWorker } from './jobs/job-worker';
import { scoringJobHandler } from './scoring/scoring-job';
import { DeliveryWorker } from './webhooks/delivery-worker';
import { createHttpsTransport } from './webhooks/https-transport';

/** A delivery attempt without an answer in this time counts as failed and is retried. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The server's background work: the job queue's worker (analyses, scorings, ingests), the webhook
 * delivery worker, and with `--living-demo-every-ms` the demo organisation's life.
 */
export function createBackgroundWork(ctx: ServiceContext): BackgroundTask[] {
  const { options } = ctx;
  const jobs = new JobWorker({
    db: ctx.db,
    now: ctx.now,
    handlers: [
      analysisJobHandler(options),
      scoringJobHandler({ jobDelayMs: options.jobDelayMs, now: ctx.now }),
      ingestJobHandler(),
    ],
  });
  const deliveries = new DeliveryWorker({
    db: ctx.db,
    now: ctx.now,
    ports: options.webhookPorts,
    retryBaseMs: options.webhookRetryBaseMs,
    attemptTimeoutMs: DELIVERY_TIMEOUT_MS,
    transport: createHttpsTransport({
      extraCa: options.webhookCaFile === undefined ? undefined : readFileSync(options.webhookCaFile, 'utf8'),
      resolve: options.webhookResolve,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    }),
  });
  const life =
    options.livingDemoEveryMs === null
      ? []
      : [createDemoLife({ db: ctx.db, everyMs: options.livingDemoEveryMs, now: ctx.now })];
  return [jobs, deliveries, ...life];
}
