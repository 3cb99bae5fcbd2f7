import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { callApi } from '../../../service/testing/http';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type { BridgeEventPayload } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore } from '../platform/settings/settings-store';
import { createTempCore, ok } from '../testing/temp-core';
import type { AppCore } from './app-core';

/** Set by scripts/with-keyring.sh, which runs a real gnome-keyring in a private D-Bus session. */
const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

let service: TestService;
let proxy: FaultProxy;
let dealIds: string[];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
  const { key } = demoKeyOf(service.manifest!).key;
  dealIds = (await callApi(service.baseUrl, '/v1/deals?limit=10', { key })).body.data.map(
    (deal: { id: string }) => deal.id,
  );
});
afterAll(async () => {
  await proxy?.close();
  await service?.stop();
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  proxy.clear();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const quick = { retry: { baseDelayMs: 10, maxDelayMs: 50, attemptTimeoutMs: 1_000, deadlineMs: 5_000 } };

async function issueKey(): Promise<string> {
  const org = demoKeyOf(service.manifest!).org;
  return (await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id])).trim();
}

/** A core whose workspace reaches the service through the fault proxy, its copy kept in a folder of its own. */
function startCore(options: { vault?: KeyVault; settingsDir?: string; dir?: string } = {}) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'callscope-outbox-'));
  const { core, dispose } = createTempCore({
    ...quick,
    ...(options.vault ? { vault: options.vault } : {}),
    ...(options.settingsDir ? { settings: openSettingsStore(options.settingsDir, createConfJsonFile) } : {}),
    replica: { dir, probeEveryMs: 100 },
  });
  const sent: BridgeEventPayload<'queuedJobsChanged'>['sent'][] = [];
  core.on((event, payload) => {
    if (event === 'queuedJobsChanged') sent.push((payload as BridgeEventPayload<'queuedJobsChanged'>).sent);
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await dispose();
  };
  cleanups.push(async () => {
    await close();
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  });
  return { core, dir, close, sentJobs: () => sent.filter((each) => each !== null) };
}

async function addWorkspace(core: AppCore, apiKey: string) {
  await ok(core, 'addWorkspace', { baseUrl: proxy.url, apiKey, name: 'Queued' });
  // A first read opens the workspace's copy.
  await ok(core, 'listDeals', { limit: 5 });
}

/** Waits for a condition the app reaches in the background. */
const until = (condition: () => boolean) =>
  vi.waitFor(() => expect(condition()).toBe(true), { timeout: 20_000, interval: 25 });

/** The deal's scorings on the service itself; a deal it does not know has none. */
async function scoringIds(apiKey: string, dealId: string): Promise<string[]> {
  const answer = await callApi(service.baseUrl, `/v1/deals/${dealId}/scorings?limit=100`, { key: apiKey });
  if (answer.status === 404) return [];
  return answer.body.data.map((scoring: { id: string }) => scoring.id);
}

/** The starts with this key that reached the service (a dropped one never did), oldest first. */
const startsOf = (idempotencyKey: string) =>
  proxy
    .received()
    .filter(
      (request) =>
        request.endpoint === 'startScoring' &&
        request.headers['idempotency-key'] === idempotencyKey &&
        request.fault !== 'drop',
    );
const startsReaching = (idempotencyKey: string) => startsOf(idempotencyKey).length;

/** The service cannot be reached: every request's connection is closed unanswered. */
function goOffline() {
  return proxy.inject({ when: () => true, fault: { kind: 'drop' } });
}

/** Re-score started while the service cannot be reached: refused as unreachable, then queued with its key. */
async function rescoreOffline(core: AppCore, dealId: string) {
  const idempotencyKey = `outbox-${randomUUID()}`;
  const started = await core.invoke('startScoring', { id: dealId, idempotencyKey });
  expect(started).toMatchObject({ ok: false, error: { code: 'network_error' } });
  await ok(core, 'queueJob', { kind: 'scoring', parentId: dealId, idempotencyKey });
  return idempotencyKey;
}

/** A workspace on the fault proxy, the service then unreachable, and a Re-score of one deal queued. */
async function queuedOffline(dealId: string) {
  const app = startCore();
  const apiKey = await issueKey();
  await addWorkspace(app.core, apiKey);
  const before = await scoringIds(apiKey, dealId);
  const offline = goOffline();
  const idempotencyKey = await rescoreOffline(app.core, dealId);
  expect(offline.injected()).toBeGreaterThan(0);
  /** The scorings the service started for the deal since. */
  const created = async () => (await scoringIds(apiKey, dealId)).filter((id) => !before.includes(id));
  return { ...app, apiKey, idempotencyKey, offline, created };
}

describe('queued starts (the outbox)', () => {
  it('keeps a Re-score started offline and sends it once when the service answers again', async () => {
    const dealId = dealIds[0]!;
    const { core, sentJobs, idempotencyKey, offline, created } = await queuedOffline(dealId);
    expect((await ok(core, 'listQueuedJobs', {})).jobs).toEqual([
      { idempotencyKey, kind: 'scoring', parentId: dealId, queuedAt: expect.any(String), refused: null },
    ]);
    // A second Re-score of the same deal while one waits is the one waiting.
    await ok(core, 'queueJob', { kind: 'scoring', parentId: dealId, idempotencyKey: `outbox-${randomUUID()}` });
    expect((await ok(core, 'listQueuedJobs', {})).jobs.map((job) => job.idempotencyKey)).toEqual([idempotencyKey]);
    offline.remove();

    await until(() => sentJobs().length === 1);
    const scorings = await created();
    expect(scorings).toHaveLength(1);
    expect(sentJobs()).toEqual([{ kind: 'scoring', parentId: dealId, jobId: scorings[0] }]);
    expect(startsReaching(idempotencyKey)).toBe(1);
    expect((await ok(core, 'listQueuedJobs', {})).jobs).toEqual([]);
  });

  it('whose send’s answer is lost finds the job in the history instead of sending it again', async () => {
    const dealId = dealIds[1]!;
    const { sentJobs, idempotencyKey, offline, created } = await queuedOffline(dealId);
    const lost = proxy.inject({ when: 'startScoring', fault: { kind: 'stall-body' }, times: 1 });
    offline.remove();

    await until(() => sentJobs().length === 1);
    expect(lost.injected()).toBe(1);
    const scorings = await created();
    expect(scorings).toHaveLength(1);
    expect(sentJobs()).toEqual([{ kind: 'scoring', parentId: dealId, jobId: scorings[0] }]);
    // Sent once: the outbox does not lean on the service deduplicating the key.
    expect(startsReaching(idempotencyKey)).toBe(1);
  });

  it('honours a Retry-After before sending again', async () => {
    const { sentJobs, idempotencyKey, offline, created } = await queuedOffline(dealIds[2]!);
    const slowDown = proxy.inject({
      when: 'startScoring',
      fault: { kind: 'status', status: 429, retryAfter: '1' },
      times: 1,
    });
    offline.remove();

    await until(() => sentJobs().length === 1);
    expect(slowDown.injected()).toBe(1);
    const sends = startsOf(idempotencyKey);
    expect(sends.map((request) => request.fault)).toEqual(['status', null]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(await created()).toHaveLength(1);
  });

  it('sends nothing for a start cancelled while it waited', async () => {
    const [cancelledDeal, keptDeal] = [dealIds[3]!, dealIds[4]!];
    const { core, sentJobs, idempotencyKey, offline, created } = await queuedOffline(cancelledDeal);
    await rescoreOffline(core, keptDeal);
    const left = await ok(core, 'cancelQueuedJob', { idempotencyKey });
    expect(left.jobs.map((job) => job.parentId)).toEqual([keptDeal]);
    offline.remove();

    // The queue is sent oldest first: once the later one is sent, the cancelled one had its turn.
    await until(() => sentJobs().length === 1);
    expect(sentJobs()[0]).toMatchObject({ parentId: keptDeal });
    expect(startsReaching(idempotencyKey)).toBe(0);
    expect(await created()).toEqual([]);
  });

  it('keeps a refusal on the start’s merits, not sending it again, until it is dismissed', async () => {
    const { core, idempotencyKey, offline } = await queuedOffline('deal_that_does_not_exist');
    const refused = async () => (await ok(core, 'listQueuedJobs', {})).jobs[0]?.refused ?? null;
    offline.remove();

    await vi.waitFor(async () => expect(await refused()).not.toBeNull(), { timeout: 20_000, interval: 50 });
    // The deal is not found: its history's read is refused, so the start is never sent.
    expect(await refused()).toMatchObject({ code: 'not_found', status: 404 });
    expect(startsReaching(idempotencyKey)).toBe(0);
    expect((await ok(core, 'cancelQueuedJob', { idempotencyKey })).jobs).toEqual([]);
  });
});

describe.skipIf(!underKeyring)('queued starts across a restart (its copy’s key in a real Secret Service)', () => {
  it('a start queued before the app closed is sent once by the next start of the app', async () => {
    const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
    const settingsDir = mkdtempSync(join(tmpdir(), 'callscope-outbox-settings-'));
    const dir = mkdtempSync(join(tmpdir(), 'callscope-outbox-copy-'));
    cleanups.push(() => {
      rmSync(settingsDir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    });
    const apiKey = await issueKey();
    const dealId = dealIds[0]!;
    const before = await scoringIds(apiKey, dealId);

    const first = startCore({ vault, settingsDir, dir });
    await addWorkspace(first.core, apiKey);
    const offline = goOffline();
    const idempotencyKey = await rescoreOffline(first.core, dealId);
    await first.close();
    expect(offline.injected()).toBeGreaterThan(0);
    offline.remove();

    const second = startCore({ vault, settingsDir, dir });
    await until(() => second.sentJobs().length === 1);
    const created = (await scoringIds(apiKey, dealId)).filter((id) => !before.includes(id));
    expect(created).toHaveLength(1);
    expect(second.sentJobs()).toEqual([{ kind: 'scoring', parentId: dealId, jobId: created[0] }]);
    expect(startsReaching(idempotencyKey)).toBe(1);
  });
});
