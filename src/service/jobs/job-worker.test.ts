import { afterEach, describe, expect, it } from 'vitest';
import type { ServedScoring } from '../../shared/api/served';
import type { Db } from '../db/database';
import { setFault } from '../queries/faults';
import { findScoring } from '../queries/jobs';
import { scoringJobHandler } from '../scoring/scoring-job';
import { startScoring } from '../scoring/start-scoring';
import { insertOrgWithDealAndCall, openTempDatabase } from '../testing/temp-database';
import type { JobHandler } from './job-handler';
import { claimNextJob, finishJob } from './job-queue';
import { JobWorker } from './job-worker';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(handlers: JobHandler[] = [scoringJobHandler({ jobDelayMs: 20 })]) {
  const { db, dispose } = openTempDatabase();
  cleanups.push(dispose);
  insertOrgWithDealAndCall(db);
  const worker = new JobWorker({ db, handlers, pollMs: 10 });
  cleanups.push(() => worker.stop());
  return { db, worker };
}

async function until(db: Db, id: string, done: (scoring: ServedScoring) => boolean): Promise<ServedScoring> {
  for (let i = 0; i < 300; i++) {
    const scoring = findScoring(db, 'deal_1', id)!;
    if (done(scoring)) return scoring;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`scoring ${id} never settled`);
}

describe('JobWorker', () => {
  it('takes a scoring from processing to completed with its times and result', async () => {
    const { db, worker } = setup();
    const created = startScoring(db, 'org_1', 'deal_1', new Date().toISOString());
    expect(created).toMatchObject({ status: 'processing', result: null, error: null, started_at: null });
    worker.start();

    const started = await until(db, created.id, (scoring) => scoring.started_at !== null);
    expect(started.status).toBe('processing');
    const done = await until(db, created.id, (scoring) => scoring.status !== 'processing');
    expect(done.status).toBe('completed');
    expect(done.error).toBeNull();
    expect(done.result?.probability).toBeGreaterThanOrEqual(0);
    expect(done.result?.factors.length).toBeGreaterThan(0);
    expect(done.finished_at! >= done.started_at!).toBe(true);
    expect(done.updated_at).toBe(done.finished_at);
  });

  it('fails a scoring permanently with injected_failure while the fault is on', async () => {
    const { db, worker } = setup();
    setFault(db, 'job-fail:deal_1', true);
    const created = startScoring(db, 'org_1', 'deal_1', new Date().toISOString());
    worker.start();
    const done = await until(db, created.id, (scoring) => scoring.status !== 'processing');
    expect(done).toMatchObject({ status: 'failed', result: null, error: { code: 'injected_failure' } });
    expect(db.prepare('SELECT state FROM jobs WHERE subject_id = ?').pluck().get(created.id)).toBe('done');
  });

  it('runs a job left running by a killed process again on start, once', async () => {
    const { db, worker } = setup();
    const created = startScoring(db, 'org_1', 'deal_1', new Date().toISOString());
    const orphan = claimNextJob(db, 'worker_killed', new Date(), 600_000, ['scoring'])!;
    expect(orphan.state).toBe('running');

    worker.start();
    const done = await until(db, created.id, (scoring) => scoring.status !== 'processing');
    expect(done.status).toBe('completed');
    // The killed worker's late completion no longer owns the job, so it cannot apply twice.
    expect(finishJob(db, orphan, 'worker_killed', new Date().toISOString())).toBe(false);
    expect(db.prepare('SELECT attempts FROM jobs WHERE subject_id = ?').pluck().get(created.id)).toBe(2);
  });

  it('retries unexpected errors and then fails with internal_error', async () => {
    const throwing: JobHandler = {
      ...scoringJobHandler({ jobDelayMs: 0 }),
      run: () => {
        throw new Error('boom');
      },
    };
    const { db } = setup();
    const worker = new JobWorker({ db, handlers: [throwing], pollMs: 10, maxAttempts: 1 });
    cleanups.push(() => worker.stop());
    const created = startScoring(db, 'org_1', 'deal_1', new Date().toISOString());
    worker.start();
    const done = await until(db, created.id, (scoring) => scoring.status !== 'processing');
    expect(done).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
  });
});

describe('JobWorker.stop', () => {
  it('returns without waiting out a slow job, which runs again on the next start', async () => {
    const { db } = setup();
    const slow = new JobWorker({ db, handlers: [scoringJobHandler({ jobDelayMs: 60_000 })], pollMs: 10 });
    const created = startScoring(db, 'org_1', 'deal_1', new Date().toISOString());
    slow.start();
    await until(db, created.id, (scoring) => scoring.started_at !== null);
    const stoppedAt = Date.now();
    await slow.stop();
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect(findScoring(db, 'deal_1', created.id)!.status).toBe('processing');

    const next = new JobWorker({ db, handlers: [scoringJobHandler({ jobDelayMs: 10 })], pollMs: 10 });
    cleanups.push(() => next.stop());
    next.start();
    expect((await until(db, created.id, (scoring) => scoring.status !== 'processing')).status).toBe('completed');
  });
});
