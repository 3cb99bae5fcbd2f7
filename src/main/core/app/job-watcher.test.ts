import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { serviceVariants } from '../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { startVariantProxy } from '../../../service/testing/variant-proxy';
import type { BridgeEventPayload, JobKind } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import type { Notifier } from '../platform/notifier';
import { createApiClient } from '../service-client/api-client/api-client';
import { createTempCore } from '../testing/temp-core';
import type { AppCore } from './app-core';
import { createJobWatcher, type Job, type JobFollowing, type JobPollingPolicy } from './job-watcher';

let service: TestService;
let key: string;
let videoId: string;
let dealId: string;

beforeAll(async () => {
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '400'] });
  key = demoKeyOf(service.manifest!).key.key;
  const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
  videoId = (await client.listVideos({ status: 'READY', limit: 1 })).data[0]!.id;
  dealId = (await client.listDeals({ status: 'OPEN', limit: 1 })).data[0]!.id;
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
      onFollowing: () => {},
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

  it('gives up on a job the service does not know at once, and says so with the refusal', async () => {
    const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
    const followed: JobFollowing[] = [];
    let fetches = 0;
    const watcher = createJobWatcher({
      policy: { initialMs: 50, maxMs: 50 },
      fetchJob: async (_workspace, ref, signal) => {
        fetches++;
        return readJob(await client.getAnalysis({ id: ref.parentId, analysis_id: ref.jobId }, { signal }));
      },
      onUpdate: () => {},
      onFinished: () => {},
      onFollowing: (_workspace, _ref, following) => followed.push(following),
    });
    watcher.watch('w', { kind: 'analysis', parentId: videoId, jobId: 'ana_does_not_exist' });
    await until(() => watcher.watchedCount() === 0);
    expect(fetches).toBe(1);
    expect(followed).toEqual([
      {
        state: 'gave-up',
        error: expect.objectContaining({ code: 'not_found', status: 404, requestId: expect.stringMatching(/^req_/) }),
      },
    ]);
    watcher.close();
  });
});

describe('job watcher, when the service’s answers cannot be read', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await startFaultProxy(service.baseUrl);
  });
  afterAll(() => proxy?.close());

  /** A core on the proxy, recording every job event it emits. */
  function coreThroughProxy(jobPolling: Partial<JobPollingPolicy>) {
    const { core, dispose } = createTempCore({
      demo: { baseUrl: proxy.url, apiKey: key },
      jobPolling,
      retry: { maxAttempts: 1 },
    });
    const events: {
      event: string;
      state?: string;
      status?: string | null;
      code?: string;
      requestId?: string | null;
    }[] = [];
    core.on((event, payload) => {
      if (event === 'jobUpdated') {
        events.push({ event, status: (payload as BridgeEventPayload<'jobUpdated'>).job.status });
      }
      if (event === 'jobFollowing') {
        const { state, error } = payload as BridgeEventPayload<'jobFollowing'>;
        events.push({ event, state, code: error?.code, requestId: error?.requestId });
      }
    });
    return { core, dispose, events };
  }

  async function startAndWatch(core: AppCore, idempotencyKey: string, kind: JobKind = 'analysis') {
    await core.invoke('openDemoWorkspace', {});
    const parentId = kind === 'analysis' ? videoId : dealId;
    const started = await core.invoke(kind === 'analysis' ? 'startAnalysis' : 'startScoring', {
      id: parentId,
      idempotencyKey,
    });
    if (!started.ok) throw new Error(started.error.message);
    const job = (started.value as { data: { id: string } }).data;
    await core.invoke('watchJob', { kind, parentId, jobId: job.id });
    return job;
  }

  for (const kind of ['analysis', 'scoring'] as const) {
    it(`says a${kind === 'analysis' ? 'n analysis' : ' scoring'}’s progress could not be read, keeps polling, and follows it to its end once it can`, async () => {
      const fault = proxy.inject({
        when: kind === 'analysis' ? 'getAnalysis' : 'getScoring',
        fault: { kind: 'not-json' },
        times: 2,
      });
      const { core, dispose, events } = coreThroughProxy({ initialMs: 50, maxMs: 100 });
      try {
        await startAndWatch(core, `watch-unreadable-then-read-${kind}`, kind);
        await until(() => events.some((event) => event.event === 'jobUpdated' && event.status === 'completed'));
        expect(fault.injected()).toBe(2);
        expect(events.slice(0, 3)).toEqual([
          { event: 'jobFollowing', state: 'retrying', code: 'invalid_response', requestId: null },
          { event: 'jobFollowing', state: 'retrying', code: 'invalid_response', requestId: null },
          { event: 'jobFollowing', state: 'following', code: undefined, requestId: undefined },
        ]);
      } finally {
        dispose();
        proxy.clear();
      }
    });
  }

  it('gives up after a bounded number of answers it cannot read, with the request id, and stops polling', async () => {
    const fault = proxy.inject({
      when: 'getAnalysis',
      fault: {
        kind: 'edit',
        edit(body) {
          (body.data as Record<string, unknown>).status = 42;
        },
      },
    });
    const { core, dispose, events } = coreThroughProxy({ initialMs: 50, maxMs: 50, unreadableTries: 3 });
    try {
      await startAndWatch(core, 'watch-unreadable-for-good');
      await until(() => events.some((event) => event.state === 'gave-up'));
      const polls = fault.injected();
      expect(polls).toBe(3);
      expect(events.map((event) => event.state)).toEqual(['retrying', 'retrying', 'gave-up']);
      expect(events.at(-1)).toMatchObject({ code: 'invalid_response', requestId: expect.stringMatching(/^req_/) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fault.injected()).toBe(polls);
    } finally {
      dispose();
      proxy.clear();
    }
  });

  it('stops following a job that stays processing past its bound, as still running on the service', async () => {
    const fault = proxy.inject({
      when: 'getAnalysis',
      fault: {
        kind: 'edit',
        edit(body) {
          Object.assign(body.data as object, { status: 'processing', result: null, finished_at: null });
        },
      },
    });
    const { core, dispose, events } = coreThroughProxy({ initialMs: 50, maxMs: 50, followForMs: 400 });
    try {
      await startAndWatch(core, 'watch-still-running');
      await until(() => events.some((event) => event.state === 'still-running'));
      expect(fault.injected()).toBeGreaterThan(0);
      expect(events.filter((event) => event.event === 'jobFollowing')).toEqual([
        { event: 'jobFollowing', state: 'still-running', code: undefined, requestId: undefined },
      ]);
      const polls = fault.injected();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fault.injected()).toBe(polls);
    } finally {
      dispose();
      proxy.clear();
    }
  });

  it('finds the job a start whose answer could not be read created, in the history as the service answers it now', async () => {
    const { core, dispose } = coreThroughProxy({});
    try {
      await core.invoke('openDemoWorkspace', {});
      const history = async () => {
        const listed = await core.invoke('listScorings', { id: dealId });
        if (!listed.ok) throw new Error(listed.error.message);
        return (listed.value as { data: { id: string }[] }).data.map((job) => job.id);
      };
      const known = await history();
      const fault = proxy.inject({
        when: 'startScoring',
        fault: {
          kind: 'edit',
          edit(body) {
            (body.data as Record<string, unknown>).id = 42;
          },
        },
        times: 1,
      });
      const started = await core.invoke('startScoring', { id: dealId, idempotencyKey: 'find-started-job' });
      expect(fault.injected()).toBe(1);
      expect(started).toMatchObject({ ok: true, value: { data: null } });
      const found = await core.invoke('findStartedJob', { kind: 'scoring', parentId: dealId, known });
      const gained = (await history()).filter((id) => !known.includes(id));
      expect(gained).toHaveLength(1);
      expect(found).toEqual({ ok: true, value: { jobId: gained[0] } });
    } finally {
      dispose();
      proxy.clear();
    }
  });
});
