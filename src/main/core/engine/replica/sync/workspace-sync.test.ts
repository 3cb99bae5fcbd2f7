import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../../../service/launch/run-cli';
import { callApi } from '../../../../../service/testing/http';
import { analyseUntilDone, scoreUntilDone } from '../../../../../service/testing/service-test-kit';
import { asIs } from '../../../../../service/testing/service-variants';
import { freePort, startTestService, type TestService } from '../../../../../service/testing/test-service';
import { startVariantProxy, type VariantProxy } from '../../../../../service/testing/variant-proxy';
import type { SyncStatus } from '../../../../../shared/bridge';
import { demoKeyOf } from '../../../../../shared/manifest';
import type { AppCore } from '../../../app/app-core';
import { createApiClient } from '../../../service-client/api-client/api-client';
import { createTempCore } from '../../../testing/temp-core';
import { indexCoverage } from '../index-coverage';
import { notFoundIn } from '../kept-not-found';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../replica-db';
import { migrateReplica } from '../replica-schema';
import type { Replica } from '../replicas';
import { createRequestBudget } from './request-budget';
import { createWorkspaceSync, type SyncProgress } from './workspace-sync';

let service: TestService;
let proxy: VariantProxy;
const dirs: string[] = [];
beforeAll(async () => {
  // A fixed port: stopped and started again, the service is back at the address the proxy sends to.
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '100'], port: await freePort() });
  proxy = await startVariantProxy(service.baseUrl, asIs);
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const demo = () => demoKeyOf(service.manifest!);

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${demo().key.key}` } });
  return ((await response.json()) as { data: T }).data;
}

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

interface SyncSetup {
  apiKey?: string;
  /** The budget, read at each request as the Settings field's value is. */
  perSecond?: () => number;
  roundEveryMs?: number;
  /** Runs before each request is sent: the service may change under the sync here. */
  beforeRequest?(op: string): Promise<void>;
}

function syncInto(
  replica: Replica,
  { apiKey = demo().key.key, perSecond = () => 50, roundEveryMs, beforeRequest }: SyncSetup = {},
) {
  const client = createApiClient({ baseUrl: proxy.url, getKey: async () => apiKey });
  const seen: SyncProgress[] = [];
  const sync = createWorkspaceSync({
    replica,
    request: async (op, params, signal) => {
      await beforeRequest?.(op);
      return client.call(op as never, params as never, { signal });
    },
    budget: createRequestBudget(perSecond),
    pageSize: 5,
    roundEveryMs,
    onProgress: (progress) => seen.push(progress),
  });
  return { sync, seen };
}

/** Requests the proxy received since `from`, as "METHOD path?query". */
function requestsSince(from: number, through = proxy): string[] {
  return through
    .received()
    .slice(from)
    .map((request) => `${request.method} ${request.path}`);
}

function storedData(db: ReplicaDatabase, op: string, id: string): unknown {
  return (replicaAnswers(db).get(op, canonicalParams({ id }))?.body as { data?: unknown })?.data;
}

function storedTranscript(db: ReplicaDatabase, videoId: string): unknown {
  return storedData(db, 'getTranscript', videoId);
}

const isDetailPath = (path: string) => /\/v1\/(videos|deals)\/[^/?]+/.test(path);

/** Detail requests (a record or one of its parts) since `from`, lists left out. */
function detailRequestsSince(from: number, through = proxy): string[] {
  return requestsSince(from, through).filter(isDetailPath);
}

/**
 * The most requests the service received within one second. The budget gives each request a slot
 * 1000/N ms after the last one's, so a second holds N slots; one more fits where a loaded machine
 * sent a request late in its slot and the next kept its own.
 */
function mostInOneSecond(times: number[]): number {
  return Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length));
}

/** The records whose parts were asked for, as "deals/ID" or "videos/ID", one entry per request. */
function recordsAskedFor(lines: string[]): string[] {
  return lines.map((line) => /\/v1\/(deals|videos)\/([^/?]+)/.exec(line)!.slice(1, 3).join('/'));
}

describe('background sync', () => {
  it('stores every deal and call with its parts, under the params a screen reads them with', async () => {
    const replica = memoryReplica();
    const { sync, seen } = syncInto(replica);
    await sync.start();
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    const deals = await serviceGet<{ id: string }[]>('/v1/deals?limit=100');
    expect(sync.progress()).toMatchObject({
      state: 'up-to-date',
      calls: { known: videos.length, synced: videos.length, failing: 0, skipped: 0 },
      deals: { known: deals.length, synced: deals.length, failing: 0, skipped: 0 },
      problem: null,
    });
    for (const video of videos) {
      expect(storedTranscript(replica.db, video.id)).toEqual(await serviceGet(`/v1/videos/${video.id}/transcript`));
      expect(storedData(replica.db, 'listAnalyses', video.id)).toEqual(
        await serviceGet(`/v1/videos/${video.id}/analyses`),
      );
    }
    // What the deal page shows beside the deal: its scoring history and activity (their first pages).
    for (const deal of deals) {
      expect(storedData(replica.db, 'listScorings', deal.id)).toEqual(
        await serviceGet(`/v1/deals/${deal.id}/scorings`),
      );
      expect(storedData(replica.db, 'listActivities', deal.id)).toEqual(
        await serviceGet(`/v1/deals/${deal.id}/activities`),
      );
    }
    expect(replica.answers.get('listMembers', canonicalParams({}))?.body).toMatchObject({
      data: await serviceGet('/v1/members'),
    });
    // Progress counted up as calls were stored, newest first.
    expect(seen.map((progress) => progress.calls.synced)).toContain(1);
  });

  it('keeps the 404 of a call never analysed, so its summary says so offline', async () => {
    const replica = memoryReplica();
    await syncInto(replica).sync.start();
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    const summaries = await Promise.all(
      videos.map((video) =>
        fetch(`${service.baseUrl}/v1/videos/${video.id}/summary`, {
          headers: { authorization: `Bearer ${demo().key.key}` },
        }),
      ),
    );
    const neverAnalysed = videos.filter((_, index) => summaries[index]!.status === 404);
    expect(neverAnalysed.length).toBeGreaterThan(0);
    for (const video of neverAnalysed) {
      const kept = replica.answers.get('getSummary', canonicalParams({ id: video.id }))?.body;
      expect(notFoundIn(kept)).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  // Before the ingest below: a call it adds changes by itself (UPLOADING → READY) while others run.
  it('refreshes on the next round the records whose updated_at changed, on any page, and only those', async () => {
    const replica = memoryReplica();
    const { sync } = syncInto(replica);
    await sync.start();
    // The oldest of each: the last page of the walk (pages of 5), far below the first.
    const deal = (await serviceGet<{ id: string }[]>('/v1/deals?status=OPEN&limit=100')).at(-1)!;
    const video = (await serviceGet<{ id: string }[]>('/v1/videos?status=READY&limit=100')).at(-1)!;
    const key = demo().key.key;
    expect((await scoreUntilDone(service, key, deal.id)).status).toBe('completed');
    expect((await analyseUntilDone(service, key, video.id)).status).toBe('completed');

    const from = proxy.received().length;
    await sync.start();
    expect(detailRequestsSince(from).sort()).toEqual(
      [
        `GET /v1/deals/${deal.id}`,
        `GET /v1/deals/${deal.id}/activities`,
        `GET /v1/deals/${deal.id}/scorings`,
        `GET /v1/videos/${video.id}`,
        `GET /v1/videos/${video.id}/analyses`,
        `GET /v1/videos/${video.id}/checklist`,
        `GET /v1/videos/${video.id}/events`,
        `GET /v1/videos/${video.id}/summary`,
        `GET /v1/videos/${video.id}/transcript`,
      ].sort(),
    );
    expect(storedData(replica.db, 'getDeal', deal.id)).toEqual(await serviceGet(`/v1/deals/${deal.id}`));
    for (const part of ['summary', 'checklist', 'events']) {
      const op = { summary: 'getSummary', checklist: 'getChecklist', events: 'getVideoEvents' }[part]!;
      expect(storedData(replica.db, op, video.id)).toEqual(await serviceGet(`/v1/videos/${video.id}/${part}`));
    }
    expect(sync.progress().state).toBe('up-to-date');
  });

  it('runs the next round by itself a set time after one ends, bringing in what changed meanwhile', async () => {
    const replica = memoryReplica();
    const { sync } = syncInto(replica, { roundEveryMs: 200 });
    try {
      await sync.start();
      const deal = (await serviceGet<{ id: string }[]>('/v1/deals?status=OPEN&limit=100'))[0]!;
      const before = storedData(replica.db, 'getDeal', deal.id);
      expect((await scoreUntilDone(service, demo().key.key, deal.id)).status).toBe('completed');
      const after = await serviceGet(`/v1/deals/${deal.id}`);
      expect(after).not.toEqual(before);
      await expect.poll(() => storedData(replica.db, 'getDeal', deal.id), { timeout: 20_000 }).toEqual(after);
    } finally {
      sync.stop();
    }
  });

  it('after an upgrade that syncs more of each record, fetches only the new parts of what it had stored', async () => {
    const replica = memoryReplica();
    await syncInto(replica).sync.start();
    // The replica as version 5 left it: synced without the parts version 6 added, which are new.
    const added = ['listScorings', 'listActivities', 'listAnalyses'];
    const placeholders = added.map(() => '?').join(', ');
    replica.db.prepare(`DELETE FROM sync_parts WHERE part IN (${placeholders})`).run(...added);
    replica.db.prepare(`DELETE FROM answers WHERE op IN (${placeholders})`).run(...added);
    replica.db.pragma('user_version = 5');
    migrateReplica(replica.db, 6);

    const from = proxy.received().length;
    await syncInto(replica).sync.start();
    const fetched = detailRequestsSince(from);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((line) => /\/(scorings|activities|analyses)$/.test(line))).toBe(true);
    const deal = (await serviceGet<{ id: string }[]>('/v1/deals?limit=1'))[0]!;
    expect(storedData(replica.db, 'listScorings', deal.id)).toEqual(await serviceGet(`/v1/deals/${deal.id}/scorings`));
  });

  it('after an upgrade, fetches again a part an earlier version marked without keeping an answer (a 5xx), and only that', async () => {
    const replica = memoryReplica();
    await syncInto(replica).sync.start();
    const video = (await serviceGet<{ id: string }[]>('/v1/videos?limit=1'))[0]!;
    // Version 6 marked a transcript that answered 500 as stored, with nothing kept and nothing to search.
    replica.db
      .prepare('DELETE FROM answers WHERE op = ? AND params = ?')
      .run('getTranscript', canonicalParams({ id: video.id }));
    replica.db.prepare('DELETE FROM segments WHERE video_id = ?').run(video.id);
    replica.db.prepare('DROP TABLE transcripts_held').run();
    for (const column of ['failures', 'retry_at', 'last_error', 'created_ms', 'updated_ms', 'deal_id', 'owner_id']) {
      replica.db.prepare(`ALTER TABLE sync_items DROP COLUMN ${column}`).run();
    }
    replica.db.pragma('user_version = 6');
    migrateReplica(replica.db);
    const { indexedCalls } = indexCoverage(replica.db);
    expect(indexedCalls.has(video.id)).toBe(false);
    expect(indexedCalls.size).toBeGreaterThan(0);

    const from = proxy.received().length;
    await syncInto(replica).sync.start();
    expect(detailRequestsSince(from)).toEqual([`GET /v1/videos/${video.id}/transcript`]);
    expect(storedTranscript(replica.db, video.id)).toEqual(await serviceGet(`/v1/videos/${video.id}/transcript`));
    expect(indexCoverage(replica.db).indexedCalls.has(video.id)).toBe(true);
  });

  it('fetches only what is new on the next round', async () => {
    const replica = memoryReplica();
    const { sync } = syncInto(replica);
    await sync.start();
    const newCall = (await service.cli(['ingest', '--org', demo().org.id, '--title', 'Sync increment'])).trim();
    const from = proxy.received().length;
    await sync.start();
    const detailRequests = detailRequestsSince(from);
    expect(detailRequests.length).toBeGreaterThan(0);
    expect(detailRequests.every((line) => line.includes(newCall))).toBe(true);
    expect(storedTranscript(replica.db, newCall)).toEqual(await serviceGet(`/v1/videos/${newCall}/transcript`));
  });

  it('stops at a key refused midway with nothing marked as stored, and a working key then fetches it all', async () => {
    const replica = memoryReplica();
    const revoked = (
      await service.cli(['keys', 'issue', '--org', demo().org.id, '--member', demo().org.members[0]!.id])
    ).trim();
    let revokedYet = false;
    const { sync } = syncInto(replica, {
      apiKey: revoked,
      // After the lists are walked: the key dies between one deal's fetch and the next.
      beforeRequest: async (op) => {
        if (op !== 'getDeal' || revokedYet) return;
        revokedYet = true;
        await callApi(service.baseUrl, '/v1/keys/me', { key: revoked, method: 'DELETE' });
      },
    });
    await sync.start();
    const deals = await serviceGet<{ id: string }[]>('/v1/deals?limit=100');
    expect(sync.progress()).toMatchObject({ state: 'key-refused', deals: { known: deals.length, synced: 0 } });

    const { sync: again } = syncInto(replica);
    await again.start();
    expect(again.progress().deals).toMatchObject({ known: deals.length, synced: deals.length });
    for (const deal of deals)
      expect(storedData(replica.db, 'getDeal', deal.id)).toEqual(await serviceGet(`/v1/deals/${deal.id}`));
  });

  it('keeps within the budget of requests a second, and a budget changed while it runs applies at once', async () => {
    let perSecond = 5;
    let sent = 0;
    const { sync } = syncInto(memoryReplica(), {
      perSecond: () => perSecond,
      beforeRequest: async () => {
        sent += 1;
        // As the Settings field changes it; the request after next is the first spaced by it.
        if (sent === 12) perSecond = 2;
        if (sent === 20) sync.stop();
      },
    });
    const from = proxy.received().length;
    await sync.start();
    const times = proxy
      .received()
      .slice(from)
      .map((request) => request.at);
    expect(times).toHaveLength(19);
    expect(mostInOneSecond(times.slice(0, 13))).toBeLessThanOrEqual(5 + 1);
    expect(mostInOneSecond(times.slice(13))).toBeLessThanOrEqual(2 + 1);
  });

  it('fetches the deals and the calls newest created first, each one whole before the next', async () => {
    const from = proxy.received().length;
    await syncInto(memoryReplica()).sync.start();
    const asked = recordsAskedFor(detailRequestsSince(from));
    // A record's parts are asked for together: each record appears in one run of requests.
    const inOrder = asked.filter((record, index) => record !== asked[index - 1]);
    expect(new Set(inOrder).size).toBe(inOrder.length);
    for (const kind of ['deals', 'videos']) {
      const records = await serviceGet<{ id: string; created_at: string }[]>(`/v1/${kind}?limit=100`);
      const createdAt = new Map(records.map((record) => [`${kind}/${record.id}`, record.created_at]));
      const fetched = inOrder.filter((record) => createdAt.has(record));
      expect([...fetched].sort()).toEqual([...createdAt.keys()].sort());
      const times = fetched.map((record) => createdAt.get(record)!);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('completes under a rate-limited key with a budget above its limit, waiting out each 429', async () => {
    const limited = demo().org.keys.find((key) => key.rate_limited)!;
    const replica = memoryReplica();
    const { sync } = syncInto(replica, { apiKey: limited.key });
    await sync.start();
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    expect(sync.progress().calls).toMatchObject({ known: videos.length, synced: videos.length });
  });

  it('answers a read that arrived with an answer before it stores that answer', async () => {
    const replica = memoryReplica();
    const client = createApiClient({ baseUrl: proxy.url, getKey: async () => demo().key.key });
    // As in the engine's thread: each answer arrives as a message, a search sent meanwhile right behind it.
    const { port1, port2 } = new MessageChannel();
    const arriving = new Map<number, (body: unknown) => void>();
    const reads: { op: string; params: string; storedWhenRead: boolean }[] = [];
    const parts = new Set(['getDeal', 'getVideo', 'getTranscript']);
    port2.on('message', (message: { id: number; body?: unknown; read?: { op: string; params: string } }) => {
      if (!message.read) arriving.get(message.id)!(message.body);
      else if (parts.has(message.read.op)) {
        const { op, params } = message.read;
        reads.push({ op, params, storedWhenRead: replica.answers.get(op, params) !== null });
      }
    });
    let sent = 0;
    const sync = createWorkspaceSync({
      replica,
      request: async (op, params, signal) => {
        const body = await client.call(op as never, params as never, { signal });
        const id = ++sent;
        return new Promise((resolve) => {
          arriving.set(id, resolve);
          port1.postMessage({ id, body });
          port1.postMessage({ id, read: { op, params: canonicalParams(params) } });
        });
      },
      budget: createRequestBudget(() => 50),
      pageSize: 5,
      onProgress: () => {},
    });
    await sync.start();
    port1.close();
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    expect(reads.filter((read) => read.op === 'getTranscript')).toHaveLength(videos.length);
    // Each read saw the copy before the answer ahead of it was stored, and the answer was stored after.
    expect(reads.filter((read) => read.storedWhenRead)).toEqual([]);
    expect(reads.filter((read) => replica.answers.get(read.op, read.params) === null)).toEqual([]);
  });
});

describe('a sync killed with SIGKILL', () => {
  const child = fileURLToPath(new URL('../../../testing/sync-child.ts', import.meta.url));

  function runChild(env: Record<string, string>, killAfterCalls: number | null) {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    process_.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const progress = JSON.parse(line) as SyncProgress;
        if (killAfterCalls !== null && progress.calls.synced >= killAfterCalls) process_.kill('SIGKILL');
      }
    });
    return new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      process_.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  it('resumes where it stopped: nothing already stored is fetched again, and nothing is lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-sync-kill-'));
    dirs.push(dir);
    const file = join(dir, 'w.replica.sqlite');
    const key = randomBytes(32);
    const env = {
      SYNC_BASE_URL: proxy.url,
      SYNC_API_KEY: demo().key.key,
      SYNC_REPLICA_FILE: file,
      SYNC_REPLICA_KEY: key.toString('hex'),
      SYNC_PAGE_SIZE: '5',
    };
    const from = proxy.received().length;
    expect(await runChild(env, 4)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await runChild(env, null)).toEqual({ code: 0, signal: null });

    // At most the one request in flight at the kill was asked for twice; every other once.
    const requests = requestsSince(from);
    expect(requests.length - new Set(requests).size).toBeLessThanOrEqual(1);

    const db = openReplicaDb({ file, key });
    const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
    for (const video of videos) {
      expect(storedTranscript(db, video.id)).toEqual(await serviceGet(`/v1/videos/${video.id}/transcript`));
    }
    db.close();
  });
});

describe('the service stopped in the middle of a sync (the app’s sync)', () => {
  async function syncStatus(core: AppCore): Promise<SyncStatus> {
    const result = await core.invoke('getSyncStatus', {});
    if (!result.ok) throw new Error(`getSyncStatus: ${result.error.code}`);
    return result.value as SyncStatus;
  }

  // Two waits of up to 20 s each (the stop noticed after the client's retries, the rest of the sync).
  it('says it is offline, carries on by itself once the service is back, and ends with all stored, nothing asked twice', {
    timeout: 60_000,
  }, async () => {
    // The service stops as the sync asks for its 8th record part: the third deal's second (its
    // getDeal stored, the rest not), so the sync resumes in the middle of a record.
    let partsAsked = 0;
    let stopping: Promise<unknown> = Promise.resolve();
    const stopsMidway = await startVariantProxy(service.baseUrl, {
      name: 'stops the service midway',
      request(exchange) {
        if (isDetailPath(exchange.url.pathname) && ++partsAsked === 8) stopping = service.terminate();
        return undefined;
      },
    });
    const { core, dispose } = createTempCore({
      demo: { baseUrl: stopsMidway.url, apiKey: demo().key.key },
      // Once stored, an answer is the screens' for the rest of the test: reading it asks nothing.
      replica: { revalidateAfterMs: 60 * 60_000, probeEveryMs: 100, sync: { pageSize: 5 } },
    });
    try {
      expect(await core.invoke('openDemoWorkspace', {})).toMatchObject({ ok: true });
      // The Settings field; the sync starts with the workspace's first status read, as on screen.
      expect(await core.invoke('setSyncBudget', { requestsPerSecond: 20 })).toMatchObject({ ok: true });
      await expect.poll(() => syncStatus(core), { timeout: 20_000 }).toMatchObject({ state: 'offline' });
      const offline = await syncStatus(core);
      expect(offline.deals.synced + offline.calls.synced).toBeLessThan(offline.deals.known + offline.calls.known);

      await stopping;
      await service.restart();
      await expect.poll(async () => (await syncStatus(core)).state, { timeout: 20_000 }).toBe('up-to-date');
      const deals = await serviceGet<{ id: string }[]>('/v1/deals?limit=100');
      const videos = await serviceGet<{ id: string }[]>('/v1/videos?limit=100');
      expect(await syncStatus(core)).toMatchObject({
        calls: { known: videos.length, synced: videos.length },
        deals: { known: deals.length, synced: deals.length },
      });
      const asked = detailRequestsSince(0, stopsMidway);
      const parts = (kind: string, id: string, tails: string[]) => tails.map((tail) => `GET /v1/${kind}/${id}${tail}`);
      expect(new Set(asked)).toEqual(
        new Set([
          ...deals.flatMap((deal) => parts('deals', deal.id, ['', '/scorings', '/activities'])),
          ...videos.flatMap((video) =>
            parts('videos', video.id, ['', '/transcript', '/events', '/summary', '/checklist', '/analyses']),
          ),
        ]),
      );
      // Only the request in flight at the stop was asked for again: by the client's retries, then the sync.
      expect(new Set(asked.filter((line, index) => asked.indexOf(line) !== index)).size).toBeLessThanOrEqual(1);

      // Everything is in the replica: every screen of every call and deal reads without the service.
      const afterSync = stopsMidway.received().length;
      for (const video of videos) {
        for (const op of ['getVideo', 'getVideoEvents', 'getSummary', 'getChecklist', 'listAnalyses'])
          await core.invoke(op, { id: video.id });
        expect(await core.invoke('getTranscript', { id: video.id })).toMatchObject({
          ok: true,
          value: { data: await serviceGet(`/v1/videos/${video.id}/transcript`) },
        });
      }
      for (const deal of deals) {
        for (const op of ['listScorings', 'listActivities']) await core.invoke(op, { id: deal.id });
        expect(await core.invoke('getDeal', { id: deal.id })).toMatchObject({
          ok: true,
          value: { data: await serviceGet(`/v1/deals/${deal.id}`) },
        });
      }
      expect(detailRequestsSince(afterSync, stopsMidway)).toEqual([]);
    } finally {
      dispose();
      await stopsMidway.close();
    }
  });
});
