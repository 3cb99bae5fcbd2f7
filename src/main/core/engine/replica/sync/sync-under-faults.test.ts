import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, type FaultRule, startFaultProxy } from '../../../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../../../service/testing/test-service';
import { demoKeyOf } from '../../../../../shared/manifest';
import { createApiClient } from '../../../service-client/api-client/api-client';
import { indexCoverage } from '../index-coverage';
import { mergedSearch } from '../merged-search';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { createRequestBudget } from './request-budget';
import { MAX_SERVICE_WAIT_MS } from './retry-schedule';
import { lastRoundEnded } from './sync-store';
import { createWorkspaceSync, type SyncProgress } from './workspace-sync';

let service: TestService;
let proxy: FaultProxy;
const syncs: { stop(): void }[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
});
afterEach(() => {
  for (const sync of syncs.splice(0)) sync.stop();
  proxy.clear();
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
});

const key = () => demoKeyOf(service.manifest!).key.key;

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${key()}` } });
  return ((await response.json()) as { data: T }).data;
}

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

interface Setup {
  perSecond?: number;
  /** Runs before each request the sync sends: a fault of Callscope's own is thrown here. */
  beforeRequest?(op: string): void;
  /** The client's attempt timeout (a stalled body). */
  attemptTimeoutMs?: number;
}

/** The app's sync through the fault proxy, trying failed work again after 100 ms, 200 ms, … 800 ms. */
function syncThroughProxy(replica: Replica, setup: Setup = {}) {
  const client = createApiClient({
    baseUrl: proxy.url,
    getKey: async () => key(),
    // As the app's sync asks: one attempt a request, every try of it through the budget.
    retry: { maxAttempts: 1, attemptTimeoutMs: setup.attemptTimeoutMs ?? 15_000 },
  });
  const seen: SyncProgress[] = [];
  const sync = createWorkspaceSync({
    replica,
    request: async (op, params, signal) => {
      setup.beforeRequest?.(op);
      return client.call(op as never, params as never, { signal });
    },
    budget: createRequestBudget(() => setup.perSecond ?? 50),
    pageSize: 5,
    retry: { firstMs: 100, maxMs: 800 },
    onProgress: (progress) => seen.push(progress),
  });
  syncs.push(sync);
  return { sync, seen };
}

const transcriptOf = (replica: Replica, id: string) =>
  replica.answers.get('getTranscript', canonicalParams({ id }))?.body as { data?: unknown } | undefined;

const ofEndpoint =
  (endpoint: string) =>
  (fault: FaultRule['fault']): FaultRule => ({ when: endpoint as never, fault });

describe('the sync under faults of the service', () => {
  it('after a 500 on every transcript: not up to date, says how many calls could not be fetched, searches them at the service, and fetches them once it answers', async () => {
    const fault = proxy.inject(ofEndpoint('getTranscript')({ kind: 'status', status: 500 }));
    const replica = memoryReplica();
    const { sync } = syncThroughProxy(replica);
    await sync.start();
    expect(fault.injected()).toBeGreaterThan(0);
    const status = sync.progress();
    expect(status.state).toBe('waiting');
    expect(status.calls.failing).toBeGreaterThan(0);
    expect(status.calls.synced).toBeLessThan(status.calls.known);
    expect(status.problem).toMatch(/^\d+ calls? could not be fetched yet: .*HTTP 500/);
    expect(status.nextAttemptAt).not.toBeNull();

    // Local search does not count a call whose transcript it does not hold: it asks the service.
    expect(indexCoverage(replica.db).indexedCalls.size).toBe(0);
    let askedService = false;
    const search = await mergedSearch({
      db: replica.db,
      query: { q: 'price', mode: 'words', order: 'newest', limit: 20 },
      knownCalls: status.calls.known,
      searchService: async () => {
        askedService = true;
        return { data: [] };
      },
    });
    expect(askedService).toBe(true);
    expect(search.coverage.indexedCalls).toBe(0);

    fault.remove();
    await expect.poll(() => sync.progress().state, { timeout: 20_000 }).toBe('up-to-date');
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    for (const video of videos) {
      expect(transcriptOf(replica, video.id)?.data).toEqual(await serviceGet(`/v1/videos/${video.id}/transcript`));
    }
    expect(sync.progress()).toMatchObject({ calls: { failing: 0, synced: videos.length }, problem: null });
    expect(indexCoverage(replica.db).indexedCalls.size).toBe(videos.length);
  });

  it('tries a record the service keeps failing again after growing waits, and stores every other one meanwhile', async () => {
    const [victim] = await serviceGet<{ id: string }[]>('/v1/videos?limit=1');
    const fault = proxy.inject({
      when: (exchange) => exchange.url.pathname === `/v1/videos/${victim!.id}/transcript`,
      fault: { kind: 'status', status: 502 },
    });
    const replica = memoryReplica();
    const { sync, seen } = syncThroughProxy(replica);
    await sync.start();
    await expect.poll(() => fault.injected(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    const status = seen.filter((progress) => progress.state === 'waiting').at(-1)!;
    expect(status).toMatchObject({ calls: { failing: 1, synced: status.calls.known - 1 } });
    expect(status.problem).toMatch(/^1 call could not be fetched yet: .*HTTP 502/);
    // Waits of 100, 200 and 400 ms at least between the tries (a timer never fires early).
    const tries = proxy
      .received()
      .filter((request) => request.path === `/v1/videos/${victim!.id}/transcript`)
      .map((request) => request.at);
    const gaps = tries.slice(1, 4).map((at, index) => at - tries[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(100 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(200 - 5);
    expect(gaps[2]).toBeGreaterThanOrEqual(400 - 5);
  });

  it('goes on by itself after a burst of 503s and a 500 on one list page, saying why it waits meanwhile', async () => {
    // 503s in a row on a page of the calls, then a 500 on a later page of the deals.
    const burst = proxy.inject({ ...ofEndpoint('listVideos')({ kind: 'status', status: 503 }), times: 4 });
    const page = proxy.inject({
      when: (exchange) => exchange.endpoint === 'listDeals' && exchange.url.searchParams.has('cursor'),
      fault: { kind: 'status', status: 500 },
      times: 1,
    });
    const replica = memoryReplica();
    const { sync, seen } = syncThroughProxy(replica);
    await sync.start();
    await expect.poll(() => sync.progress().state, { timeout: 20_000 }).toBe('up-to-date');
    expect(page.injected()).toBe(1);
    expect(burst.injected()).toBe(4);
    const waits = seen.filter((progress) => progress.state === 'waiting');
    expect(waits.map((progress) => progress.problem)).toEqual(
      expect.arrayContaining([expect.stringMatching(/HTTP 500/), expect.stringMatching(/HTTP 503/)]),
    );
    const videos = await serviceGet<unknown[]>('/v1/videos?limit=100');
    const deals = await serviceGet<unknown[]>('/v1/deals?limit=100');
    expect(sync.progress()).toMatchObject({
      calls: { known: videos.length, synced: videos.length },
      deals: { known: deals.length, synced: deals.length },
    });
  });

  it('goes on by itself after a list body that stalls', async () => {
    const stall = proxy.inject({ ...ofEndpoint('listVideos')({ kind: 'stall-body' }), times: 4 });
    // Every request gets this timeout, so it leaves room for a loaded machine's ordinary answers.
    const { sync, seen } = syncThroughProxy(memoryReplica(), { attemptTimeoutMs: 1500 });
    await sync.start();
    await expect.poll(() => sync.progress().state, { timeout: 50_000 }).toBe('up-to-date');
    expect(stall.injected()).toBe(4);
    expect(seen.some((progress) => progress.state === 'offline' || progress.state === 'waiting')).toBe(true);
  }, 60_000);

  it('says what went wrong when an error it does not know stops a run, and runs again by itself', async () => {
    let thrown = 0;
    const { sync } = syncThroughProxy(memoryReplica(), {
      beforeRequest: (op) => {
        if (op === 'getChecklist' && thrown++ === 0) throw new TypeError('boom in a part');
      },
    });
    await sync.start();
    expect(sync.progress()).toMatchObject({
      state: 'waiting',
      problem: 'Callscope met an error of its own (boom in a part)',
    });
    expect(sync.progress().nextAttemptAt).toBeGreaterThan(Date.now() - 1000);
    await expect.poll(() => sync.progress().state, { timeout: 20_000 }).toBe('up-to-date');
  });

  it('waits at most an hour for a Retry-After of days, in seconds or as a date, says until when, and sends nothing meanwhile', async () => {
    for (const retryAfter of ['3000000', 'Fri, 01 Jan 2100 00:00:00 GMT']) {
      const fault = proxy.inject(ofEndpoint('getVideo')({ kind: 'status', status: 429, retryAfter }));
      const { sync } = syncThroughProxy(memoryReplica(), { perSecond: 5 });
      const startedAt = Date.now();
      await sync.start();
      const status = sync.progress();
      expect(fault.injected()).toBeGreaterThan(0);
      expect(status.state).toBe('waiting');
      expect(status.problem).toMatch(/slow down/);
      expect(status.nextAttemptAt).toBeGreaterThanOrEqual(startedAt + MAX_SERVICE_WAIT_MS - 1000);
      expect(status.nextAttemptAt).toBeLessThanOrEqual(Date.now() + MAX_SERVICE_WAIT_MS);
      const stoppedAt = proxy.received().length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(proxy.received().length).toBe(stoppedAt);
      sync.stop();
      fault.remove();
    }
  });

  it('keeps within its budget while the service answers 429 with Retry-After 0 to every call', async () => {
    const fault = proxy.inject(ofEndpoint('getDeal')({ kind: 'status', status: 429, retryAfter: '0' }));
    const { sync } = syncThroughProxy(memoryReplica(), { perSecond: 5 });
    const from = proxy.received().length;
    void sync.start();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    sync.stop();
    expect(fault.injected()).toBeGreaterThan(1);
    const times = proxy
      .received()
      .slice(from)
      .map((request) => request.at);
    const mostInOneSecond = Math.max(...times.map((t) => times.filter((at) => at >= t && at < t + 1000).length));
    expect(mostInOneSecond).toBeLessThanOrEqual(5 + 1);
  });
});

describe('the sync against records and lists a service nobody here wrote might send', () => {
  it('syncs calls without updated_at and counts a deal it cannot read with its id, without stopping', async () => {
    let droppedDeal: string | null = null;
    const calls = proxy.inject(
      ofEndpoint('listVideos')({
        kind: 'edit',
        edit: (body) => {
          for (const call of body.data as Record<string, unknown>[]) delete call.updated_at;
        },
      }),
    );
    const deals = proxy.inject({
      ...ofEndpoint('listDeals')({
        kind: 'edit',
        edit: (body) => {
          const first = (body.data as Record<string, unknown>[])[0]!;
          droppedDeal = first.id as string;
          delete first.updated_at;
        },
      }),
      times: 1,
    });
    const replica = memoryReplica();
    const { sync } = syncThroughProxy(replica);
    await sync.start();
    expect(calls.injected()).toBeGreaterThan(0);
    expect(deals.injected()).toBe(1);
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    const allDeals = await serviceGet<unknown[]>('/v1/deals?limit=100');
    expect(sync.progress()).toMatchObject({
      state: 'up-to-date',
      calls: { known: videos.length, synced: videos.length },
      deals: { known: allDeals.length - 1, synced: allDeals.length - 1, skipped: 1, skippedIds: [droppedDeal] },
    });
    for (const video of videos) expect(transcriptOf(replica, video.id)?.data).toBeDefined();

    // Without updated_at, what the list shows of a call is its version: unchanged, it is not fetched again.
    const from = proxy.received().length;
    await sync.start();
    expect(
      proxy
        .received()
        .slice(from)
        .filter((request) => /^\/v1\/videos\/[^?]/.test(request.path)),
    ).toEqual([]);
  });

  for (const cursor of ['same', 'new'] as const) {
    it(`stops a walk whose pages do not end (${cursor} cursor), keeps what it found and says so`, async () => {
      const fault = proxy.inject(ofEndpoint('listVideos')({ kind: 'endless-pages', cursor }));
      const replica = memoryReplica();
      const { sync } = syncThroughProxy(replica);
      const from = proxy.received().length;
      await sync.start();
      expect(fault.injected()).toBeGreaterThan(0);
      const pages = proxy
        .received()
        .slice(from)
        .filter((request) => request.endpoint === 'listVideos').length;
      expect(pages).toBeLessThanOrEqual(5);
      const status = sync.progress();
      expect(status.state).toBe('waiting');
      expect(status.problem).toMatch(/list of calls does not end/);
      expect(status.calls.known).toBeGreaterThan(0);
      expect(status.calls.synced).toBe(status.calls.known);
      // Offline, a list never read is not answered from records a walk that did not end found.
      expect(lastRoundEnded(replica.db)).toBeNull();
    });
  }
});
