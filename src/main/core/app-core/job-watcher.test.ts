import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceVariants } from '../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { startVariantProxy } from '../../../service/testing/variant-proxy';
import type { BridgeEventPayload } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { createApiClient } from '../api-client/api-client';
import { createTempCore } from '../testing/temp-core';
import { createJobWatcher, type Job } from './job-watcher';
import type { Notifier } from './notifier';

let service: TestService;
let key: string;
let videoId: string;

beforeAll(async () => {
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '400'] });
  key = demoKeyOf(service.manifest!).key.key;
  const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
  videoId = (await client.listVideos({ status: 'READY', limit: 1 })).data[0]!.id;
});
afterAll(() => service?.stop());

const readJob = (answer: { data: Job; meta: { request_id: string } }) => ({
  job: answer.data,
  requestId: answer.meta.request_id,
});

/** The OS notification centre does not exist here; this records what the shell would show. */
function backgroundNotifier() {
  const shown: { title: string; onClick: () => void }[] = [];
  const notifier: Notifier = { isAppInForeground: () => false, notify: (note) => shown.push(note) };
  return { notifier, shown };
}

function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error('timed out waiting'));
      else setTimeout(tick, 25);
    };
    tick();
  });
}

describe('job watcher', () => {
  it('follows a started analysis to completion, then notifies and navigates on click', async () => {
    const { notifier, shown } = backgroundNotifier();
    const { core, dispose } = createTempCore({
      demo: { baseUrl: service.baseUrl, apiKey: key },
      notifier,
      jobPolling: { initialMs: 100, maxMs: 300 },
    });
    try {
      const updates: BridgeEventPayload<'jobUpdated'>[] = [];
      const navigations: BridgeEventPayload<'navigate'>[] = [];
      core.on((event, payload) => {
        if (event === 'jobUpdated') updates.push(payload as BridgeEventPayload<'jobUpdated'>);
        if (event === 'navigate') navigations.push(payload as BridgeEventPayload<'navigate'>);
      });
      await core.invoke('openDemoWorkspace', {});
      const started = await core.invoke('startAnalysis', { id: videoId, idempotencyKey: 'watch-test-analysis' });
      if (!started.ok) throw new Error(started.error.message);
      const job = (started.value as { data: { id: string } }).data;

      await core.invoke('watchJob', { kind: 'analysis', parentId: videoId, jobId: job.id });
      await until(() => updates.some((update) => update.job.status !== 'processing'));

      const last = updates.at(-1)!;
      expect(last).toMatchObject({
        workspaceId: 'demo',
        kind: 'analysis',
        parentId: videoId,
        job: { id: job.id, status: 'completed' },
      });
      expect(shown).toHaveLength(1);
      shown[0]!.onClick();
      expect(navigations).toEqual([{ screen: 'call', id: videoId }]);
    } finally {
      dispose();
    }
  });

  it('follows a job of a service with other state names to its end, and notifies by the outcome', async () => {
    const proxy = await startVariantProxy(service.baseUrl, serviceVariants['other-choices']);
    const { notifier, shown } = backgroundNotifier();
    const { core, dispose } = createTempCore({
      demo: { baseUrl: proxy.url, apiKey: key },
      notifier,
      jobPolling: { initialMs: 100, maxMs: 300 },
    });
    try {
      const statuses: (string | null | undefined)[] = [];
      core.on((event, payload) => {
        if (event === 'jobUpdated') statuses.push((payload as BridgeEventPayload<'jobUpdated'>).job.status);
      });
      await core.invoke('openDemoWorkspace', {});
      const started = await core.invoke('startAnalysis', { id: videoId, idempotencyKey: 'watch-other-states' });
      if (!started.ok) throw new Error(started.error.message);
      const job = (started.value as { data: { id: string } }).data;
      await core.invoke('watchJob', { kind: 'analysis', parentId: videoId, jobId: job.id });
      await until(() => shown.length > 0);
      expect(statuses.at(-1)).toBe('succeeded');
      expect(shown.map((note) => note.title)).toEqual(['Analysis finished']);
    } finally {
      dispose();
      await proxy.close();
    }
  });

  it('stops polling as soon as nobody watches', async () => {
    const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
    const started = await client.startAnalysis({ id: videoId }, { idempotencyKey: 'watch-test-unwatch' });
    let fetches = 0;
    const watcher = createJobWatcher({
      policy: { initialMs: 50, maxMs: 50 },
      fetchJob: async (_workspace, ref, signal) => {
        fetches++;
        return readJob(await client.getAnalysis({ id: ref.parentId, analysis_id: ref.jobId }, { signal }));
      },
      onUpdate: () => {},
      onFinished: () => {},
    });
    const ref = { kind: 'analysis' as const, parentId: videoId, jobId: started.data!.id };
    watcher.watch('w', ref);
    watcher.watch('w', ref);
    await until(() => fetches >= 2);
    watcher.unwatch('w', ref);
    expect(watcher.watchedCount()).toBe(1);
    watcher.unwatch('w', ref);
    expect(watcher.watchedCount()).toBe(0);
    const seen = fetches;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetches).toBe(seen);
    watcher.close();
  });

  it('gives up on a job the service does not know', async () => {
    const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
    const watcher = createJobWatcher({
      policy: { initialMs: 50, maxMs: 50 },
      fetchJob: async (_workspace, ref, signal) =>
        readJob(await client.getAnalysis({ id: ref.parentId, analysis_id: ref.jobId }, { signal })),
      onUpdate: () => {},
      onFinished: () => {},
    });
    watcher.watch('w', { kind: 'analysis', parentId: videoId, jobId: 'ana_does_not_exist' });
    await until(() => watcher.watchedCount() === 0);
    watcher.close();
  });
});
