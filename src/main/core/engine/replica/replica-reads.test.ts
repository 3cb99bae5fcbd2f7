import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyseUntilDone } from '../../../../service/testing/service-test-kit';
import { freePort, startTestService, type TestService } from '../../../../service/testing/test-service';
import type { BridgeEventName, BridgeEventPayload, LocalSearchResult, SyncStatus } from '../../../../shared/bridge';
import { demoKeyOf } from '../../../../shared/manifest';
import type { AppCore } from '../../app/app-core';
import { createTempCore } from '../../testing/temp-core';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test', port: await freePort() });
});
afterAll(() => service.stop());

let dispose = () => {};
afterEach(async () => {
  dispose();
  if (!(await answers(service))) await service.restart();
});

async function answers(target: TestService): Promise<boolean> {
  try {
    await fetch(`${target.baseUrl}/v1/openapi.json`);
    return true;
  } catch {
    return false;
  }
}

/** A core on the service's demo key, revalidating every read so a test need not wait. */
async function openCore(sync: { pageSize: number } | null = null): Promise<AppCore> {
  const made = createTempCore({
    demo: { baseUrl: service.baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
    replica: { revalidateAfterMs: 0, probeEveryMs: 100, sync },
  });
  dispose = made.dispose;
  const opened = await made.core.invoke('openDemoWorkspace', {});
  expect(opened.ok).toBe(true);
  return made.core;
}

function nextEvent<E extends BridgeEventName>(
  core: AppCore,
  name: E,
  matches: (payload: BridgeEventPayload<E>) => boolean = () => true,
) {
  return new Promise<BridgeEventPayload<E>>((resolve) => {
    const stop = core.on((event: BridgeEventName, payload: unknown) => {
      const typed = payload as BridgeEventPayload<E>;
      if (event === (name as BridgeEventName) && matches(typed)) {
        stop();
        resolve(typed);
      }
    });
  });
}

async function value(core: AppCore, op: string, params: object) {
  const result = await core.invoke(op, params);
  if (!result.ok) throw new Error(`${op}: ${result.error.code} ${result.error.message}`);
  return result.value as { data: unknown };
}

interface ListPage {
  data: { id: string; created_at: string; title?: string }[];
  meta: { next_cursor: string | null; has_more: boolean };
}

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${demoKeyOf(service.manifest!).key.key}` },
  });
  return (await response.json()) as T;
}

/** Every record of a list, page after page as a screen asks for them. */
async function allPages(core: AppCore, op: string, params: Record<string, unknown>): Promise<ListPage['data']> {
  const records: ListPage['data'] = [];
  for (let cursor: string | null | undefined; ; ) {
    const page = (await value(core, op, { ...params, cursor: cursor ?? undefined })) as unknown as ListPage;
    records.push(...page.data);
    cursor = page.meta.next_cursor;
    if (!page.meta.has_more) return records;
  }
}

describe('reads served from the replica', () => {
  it('answers a call and a deal seen before with the service stopped, and says the service is offline', async () => {
    const core = await openCore();
    const firstCall = ((await value(core, 'listVideos', { limit: 5 })).data as { id: string; deal_id?: string }[])[0]!;
    const transcript = await value(core, 'getTranscript', { id: firstCall.id });
    const video = await value(core, 'getVideo', { id: firstCall.id });
    const deals = (await value(core, 'listDeals', {})).data as { id: string }[];
    const deal = await value(core, 'getDeal', { id: deals[0]!.id });

    const offline = nextEvent(core, 'connectivityChanged', (reach) => !reach.online);
    await service.terminate();
    expect((await value(core, 'getTranscript', { id: firstCall.id })).data).toEqual(transcript.data);
    expect((await value(core, 'getVideo', { id: firstCall.id })).data).toEqual(video.data);
    expect((await value(core, 'getDeal', { id: deals[0]!.id })).data).toEqual(deal.data);
    await offline;
    expect(await core.invoke('getReplicaStatus', {})).toMatchObject({
      ok: true,
      value: { storage: 'memory', online: false, lastContactAt: expect.any(String) },
    });

    // A list never read is not made up of the few records some screen read: no sync has walked the lists.
    expect(await core.invoke('listVideos', { status: 'ERROR' })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
    // What was never read has no copy: it fails at once, saying the service cannot be reached.
    const waits: unknown[] = [];
    core.on((event, payload) => event === 'clientWaiting' && waits.push(payload));
    expect(await core.invoke('getSummary', { id: firstCall.id })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
    // So does a read never kept (the transcript search, which a deal's warnings ask): no waiting
    // and retrying, which would tell the person the service is slow when the app knows it is away.
    expect(await core.invoke('searchTranscripts', { q: 'pricing', deal_id: deals[0]!.id })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
    expect(waits).toEqual([]);
  });

  it('gives a transcript it holds for reading ahead, and for one it does not, nothing, without asking the service', async () => {
    const core = await openCore();
    const [seen, unseen] = (await value(core, 'listVideos', { limit: 5 })).data as { id: string }[];
    const transcript = await value(core, 'getTranscript', { id: seen!.id });
    expect(await value(core, 'getHeldTranscript', { id: seen!.id })).toEqual(transcript);
    // Asked of the service, its answer would now be held.
    expect(await core.invoke('getHeldTranscript', { id: unseen!.id })).toEqual({ ok: true, value: null });
    expect(await core.invoke('getHeldTranscript', { id: unseen!.id })).toEqual({ ok: true, value: null });

    await service.terminate();
    expect(await value(core, 'getHeldTranscript', { id: seen!.id })).toEqual(transcript);
  });

  it('keeps a call’s "never analysed" answer: offline its summary says so, and once analysed the next read shows it', async () => {
    const core = await openCore();
    const videos = (await value(core, 'listVideos', { status: 'READY', limit: 50 })).data as { id: string }[];
    let neverAnalysed: string | undefined;
    for (const video of videos) {
      const summary = await core.invoke('getSummary', { id: video.id });
      if (!summary.ok && summary.error.code === 'not_found') {
        neverAnalysed = video.id;
        break;
      }
    }
    if (!neverAnalysed) throw new Error('the test profile has no READY call never analysed');
    const online = await core.invoke('getSummary', { id: neverAnalysed });
    if (online.ok) throw new Error('the summary was found');

    const gone = nextEvent(core, 'connectivityChanged', (reach) => !reach.online);
    await service.terminate();
    // The service's own answer, as the screen shows it online (the request id is a later read's).
    const { requestId: _requestId, ...said } = online.error;
    expect(await core.invoke('getSummary', { id: neverAnalysed })).toMatchObject({
      ok: false,
      error: { ...said, code: 'not_found', status: 404 },
    });

    await gone;
    const back = nextEvent(core, 'connectivityChanged', (reach) => reach.online);
    await service.restart();
    await back;
    const analysis = await analyseUntilDone(service, demoKeyOf(service.manifest!).key.key, neverAnalysed);
    expect(analysis.status).toBe('completed');
    const changed = nextEvent(core, 'replicaChanged');
    expect(await core.invoke('getSummary', { id: neverAnalysed })).toMatchObject({ ok: false });
    await changed;
    expect(await core.invoke('getSummary', { id: neverAnalysed })).toMatchObject({ ok: true, value: { data: {} } });
  });

  it('offline, answers a list it never read from the records the sync stored: other filters, and further pages', async () => {
    const core = await openCore({ pageSize: 7 });
    await value(core, 'setSyncBudget', { requestsPerSecond: 50 });
    await expect
      .poll(async () => ((await value(core, 'getSyncStatus', {})) as unknown as SyncStatus).state, { timeout: 20_000 })
      .toBe('up-to-date');
    // A page the screen read: the service's cursor for the next one is its own.
    const firstPage = (await value(core, 'listVideos', { limit: 3 })) as unknown as ListPage;
    const calls = (await serviceGet<ListPage>('/v1/videos?limit=100')).data;
    const ready = (await serviceGet<ListPage>('/v1/videos?status=READY&limit=100')).data;
    const after = calls[5]!.created_at;
    const newer = (await serviceGet<ListPage>(`/v1/videos?created_after=${encodeURIComponent(after)}&limit=100`)).data;
    const won = (await serviceGet<ListPage>('/v1/deals?status=WON&limit=100')).data;
    const deals = (await serviceGet<ListPage>('/v1/deals?limit=100')).data;
    const withActivities = await Promise.all(
      deals.map(async (deal) => ({
        id: deal.id,
        activities: (await serviceGet<ListPage>(`/v1/deals/${deal.id}/activities`)).data,
      })),
    );
    const busiest = withActivities.sort((a, b) => b.activities.length - a.activities.length)[0]!;
    expect(busiest.activities.length).toBeGreaterThan(1);
    expect(ready.length).toBeGreaterThan(4);
    expect(won.length).toBeGreaterThan(0);

    await service.terminate();
    const next = (await value(core, 'listVideos', {
      limit: 3,
      cursor: firstPage.meta.next_cursor,
    })) as unknown as ListPage;
    expect(next).toMatchObject({ data: calls.slice(3, 6), meta: { has_more: true }, unreadable: [] });
    expect(await allPages(core, 'listVideos', { status: 'READY', limit: 4 })).toEqual(ready);
    expect(await allPages(core, 'listVideos', { created_after: after, limit: 100 })).toEqual(newer);
    expect(await allPages(core, 'listDeals', { status: 'WON', limit: 2 })).toEqual(won);
    expect(await allPages(core, 'listDeals', { limit: 100 })).toEqual(deals);
    // A deal's own list asked for otherwise than its page reads it (a card's newest activity).
    expect(await allPages(core, 'listActivities', { id: busiest.id, limit: 1 })).toEqual(busiest.activities);
    // A cursor the replica cannot place is not guessed at: the read fails as offline.
    expect(await core.invoke('listVideos', { limit: 3, cursor: 'bm90LWEtY3Vyc29y' })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
  });

  it('notices by itself when the service answers again', async () => {
    const core = await openCore();
    await value(core, 'listDeals', {});
    const offline = nextEvent(core, 'connectivityChanged', (reach) => !reach.online);
    await service.terminate();
    await value(core, 'listDeals', {});
    await offline;
    const online = nextEvent(core, 'connectivityChanged', (reach) => reach.online);
    await service.restart();
    expect(await online).toMatchObject({ online: true, lastContactAt: expect.any(String) });
  });

  it('paints the stored answer first, then announces the service’s newer one, which the next read gives', async () => {
    const core = await openCore();
    const before = (await value(core, 'listVideos', { limit: 5 })).data as { id: string }[];
    const orgId = demoKeyOf(service.manifest!).org.id;
    const newCallId = (await service.cli(['ingest', '--org', orgId, '--title', 'Replica revalidation check'])).trim();

    const changed = nextEvent(core, 'replicaChanged');
    const stale = (await value(core, 'listVideos', { limit: 5 })).data as { id: string }[];
    expect(stale.map((video) => video.id)).toEqual(before.map((video) => video.id));
    await changed;
    const fresh = (await value(core, 'listVideos', { limit: 5 })).data as { id: string }[];
    expect(fresh[0]?.id).toBe(newCallId);
  });

  it('after the app changes something on the service, the next read shows the change rather than the copy', async () => {
    const core = await openCore();
    const dealId = ((await value(core, 'listDeals', {})).data as { id: string }[])[0]!.id;
    const before = (await value(core, 'listScorings', { id: dealId })).data as { id: string }[];
    const started = await value(core, 'startScoring', { id: dealId, idempotencyKey: `replica-${Date.now()}` });
    const after = (await value(core, 'listScorings', { id: dealId })).data as { id: string }[];
    expect(after.map((scoring) => scoring.id)).toEqual([
      (started.data as { id: string }).id,
      ...before.map((s) => s.id),
    ]);
  });

  it('searches the transcripts it holds locally, the others at the service, and offline only its own, saying so', async () => {
    const core = await openCore();
    const videos = (await value(core, 'listVideos', { status: 'READY', limit: 50 })).data as { id: string }[];
    const segments = (await value(core, 'getTranscript', { id: videos[0]!.id })).data as { text: string }[];
    expect(segments.length).toBeGreaterThan(0);
    const word = segments[0]!.text.toLowerCase().match(/\p{L}{4,}/u)![0];

    const online = (await value(core, 'searchLocal', { q: word })) as unknown as LocalSearchResult;
    expect(online.calls.find((call) => call.videoId === videos[0]!.id)?.source).toBe('replica');
    expect(
      online.calls.filter((call) => call.source === 'service').every((call) => call.videoId !== videos[0]!.id),
    ).toBe(true);
    expect(online.coverage.indexedCalls).toBe(1);
    // The service's calls are grouped by deal too: the groups add up to every line found.
    expect(online.deals.reduce((sum, deal) => sum + deal.count, 0)).toBe(online.totalHits);
    expect(online.deals.reduce((sum, deal) => sum + deal.calls, 0)).toBe(online.calls.length);

    await service.terminate();
    const offline = (await value(core, 'searchLocal', { q: word })) as unknown as LocalSearchResult;
    expect(offline.calls.map((call) => call.source)).toEqual(['replica']);
    expect(offline.coverage.note).toMatch(/could not be searched/);
  });
});
