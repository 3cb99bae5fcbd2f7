import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { allScopes } from '../../../shared/api';
import type { BridgeEventPayload } from '../../../shared/bridge';
import { createApiClient } from '../api-client/api-client';
import { createTempCore } from '../testing/temp-core';
import { createJobWatcher } from './job-watcher';
import type { Notifier } from './notifier';

let service: TestService;
let key: string;
let videoId: string;

beforeAll(async () => {
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '400'] });
  const org = service.manifest!.orgs[0]!;
  key = org.keys.find((k) => k.scopes.length === allScopes.length && !k.rate_limited)!.key;
  const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
  videoId = (await client.listVideos({ status: 'READY', limit: 1 })).data[0]!.id;
});
afterAll(() => service?.stop());

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
      const navigations: string[] = [];
      core.on((event, payload) => {
        if (event === 'jobUpdated') updates.push(payload as BridgeEventPayload<'jobUpdated'>);
        if (event === 'navigate') navigations.push((payload as BridgeEventPayload<'navigate'>).path);
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
      expect(navigations).toEqual([`/calls/${videoId}`]);
    } finally {
      dispose();
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
        return (await client.getAnalysis({ id: ref.parentId, analysis_id: ref.jobId }, { signal })).data;
      },
      onUpdate: () => {},
      onFinished: () => {},
    });
    const ref = { kind: 'analysis' as const, parentId: videoId, jobId: started.data.id };
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
        (await client.getAnalysis({ id: ref.parentId, analysis_id: ref.jobId }, { signal })).data,
      onUpdate: () => {},
      onFinished: () => {},
    });
    watcher.watch('w', { kind: 'analysis', parentId: videoId, jobId: 'ana_does_not_exist' });
    await until(() => watcher.watchedCount() === 0);
    watcher.close();
  });
});
