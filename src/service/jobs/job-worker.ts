import { setTimeout as sleep } from 'node:timers/promises';
import { PollingLoop } from '../background/polling-loop';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { JobFailure } from './job-failure';
import type { JobHandler } from './job-handler';
import { claimNextJob, finishJob, type JobKind, type JobRow, requeueInterruptedJobs, requeueJob } from './job-queue';

export interface JobWorkerOptions {
  db: Db;
  handlers: readonly JobHandler[];
  pollMs?: number;
  concurrency?: number;
  /** Unexpected errors are retried this many times before the job fails with internal_error. */
  maxAttempts?: number;
  /** Longer than any run: a lease only expires when its worker died without a restart. */
  leaseMs?: number;
  now?: () => Date;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * Runs queued jobs in this process. Jobs are durable rows (job-queue.ts); the worker only holds
 * leases, so a kill loses nothing: on the next start interrupted jobs run again, and because a
 * job's outputs and its end commit together, none is applied twice.
 */
export class JobWorker {
  private readonly owner = newId('worker');
  private readonly handlers: Map<JobKind, JobHandler>;
  private readonly loop: PollingLoop<JobRow>;
  private stopping = new AbortController();

  constructor(private readonly options: JobWorkerOptions) {
    this.handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
    this.loop = new PollingLoop({
      name: 'job worker',
      pollMs: options.pollMs ?? 250,
      concurrency: options.concurrency ?? 4,
      claim: () => this.claim(),
      run: (job) => this.runJob(job),
    });
  }

  start(): void {
    this.stopping = new AbortController();
    requeueInterruptedJobs(this.options.db, this.now().toISOString());
    this.loop.start();
  }

  /**
   * Stops claiming and abandons runs still waiting out their duration: they stay `running` in the
   * database and run again on the next start, so a SIGTERM never waits for a slow job.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop.stop();
  }

  /** Looks for work now rather than at the next poll, e.g. right after a job was enqueued. */
  wake(): void {
    this.loop.wake();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private claim(): JobRow | undefined {
    const { db } = this.options;
    const now = this.now();
    const job = claimNextJob(db, this.owner, now, this.options.leaseMs ?? DEFAULT_LEASE_MS, [...this.handlers.keys()]);
    if (!job) return undefined;
    this.handlerOf(job).start(db, job, now.toISOString());
    return job;
  }

  private handlerOf(job: JobRow): JobHandler {
    const handler = this.handlers.get(job.kind);
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    return handler;
  }

  private async runJob(job: JobRow): Promise<void> {
    const handler = this.handlerOf(job);
    // A stop cuts the wait short; the job stays claimed-but-unfinished and reruns on the next start.
    await sleep(handler.durationMs(job), undefined, { signal: this.stopping.signal }).catch(() => undefined);
    if (this.stopping.signal.aborted) return;
    const { db } = this.options;
    try {
      const step = handler.run(db, job);
      db.transaction(() => {
        const now = this.now();
        const at = now.toISOString();
        const next = step.nextStepAfterMs;
        const owned =
          next === undefined
            ? finishJob(db, job, this.owner, at)
            : requeueJob(db, job, this.owner, {
                runAfter: new Date(now.getTime() + next).toISOString(),
                now: at,
                nextStep: true,
              });
        if (!owned) throw new LeaseLost();
        step.commit(at);
      }).immediate();
    } catch (error) {
      if (error instanceof LeaseLost) return;
      this.handleError(handler, job, error);
    }
  }

  private handleError(handler: JobHandler, job: JobRow, error: unknown): void {
    const { db } = this.options;
    const maxAttempts = this.options.maxAttempts ?? 3;
    const permanent = error instanceof JobFailure;
    if (!permanent) console.error(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed`, error);
    db.transaction(() => {
      const now = this.now();
      const at = now.toISOString();
      if (!permanent && job.attempts < maxAttempts) {
        requeueJob(db, job, this.owner, {
          runAfter: new Date(now.getTime() + 1000 * job.attempts).toISOString(),
          now: at,
          nextStep: false,
        });
        return;
      }
      if (!finishJob(db, job, this.owner, at)) return;
      handler.fail(
        db,
        job,
        permanent
          ? { code: error.code, message: error.message }
          : { code: 'internal_error', message: 'The job failed unexpectedly; start a new one.' },
        at,
      );
    }).immediate();
  }
}

class LeaseLost extends Error {}
