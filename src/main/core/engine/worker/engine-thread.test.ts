import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { demoKeyOf } from '../../../../shared/manifest';
import type { KeyVault } from '../../platform/key-vault/key-vault';
import { createSessionKeyVault } from '../../platform/key-vault/session-key-vault';
import { createApiClient } from '../../service-client/api-client/api-client';
import { apiFailure } from '../../testing/api-failure';
import type { EngineOptions } from '../engine';
import { appContract } from './engine-contract';
import { startEngineThread } from './engine-thread';

let service: TestService;
let proxy: FaultProxy;
const engines: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
});
const dirs: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
});

function engineInWorker(overrides: Partial<EngineOptions> = {}) {
  const client = createApiClient({ baseUrl: proxy.url, getKey: async () => demoKeyOf(service.manifest!).key.key });
  const events: string[] = [];
  const engine = startEngineThread({
    vault: createSessionKeyVault('tests keep keys in memory'),
    settings: () => ({ localCopyOff: [], syncRequestsPerSecond: 50, localCopyResets: {}, copyScopes: {} }),
    dir: null,
    sync: null,
    // As the app's door does: a success handed to the worker unread when it asks so.
    request: (_workspaceId, op, params, signal, _purpose, unread) =>
      (unread ? client.callUnread : client.call)(op as never, params as never, { signal }),
    isOnline: () => true,
    events: {
      syncProgress: () => events.push('syncProgress'),
      replicaChanged: () => events.push('replicaChanged'),
      localCopyChanged: () => events.push('localCopyChanged'),
      copyReset: () => events.push('copyReset'),
    },
    revalidateAfterMs: 60 * 60_000,
    ...overrides,
  });
  engines.push(engine);
  return { engine, events };
}

const dealReads = (from: number) =>
  proxy
    .received()
    .slice(from)
    .filter((request) => request.path.startsWith('/v1/deals?'));

describe('the engine in a worker thread', () => {
  it('keeps what the service answered in the worker, and answers the same read from there again', async () => {
    const { engine } = engineInWorker();
    const from = proxy.received().length;
    const first = await engine.read('w', 'listDeals', { limit: 5 }, new AbortController().signal);
    const again = await engine.read('w', 'listDeals', { limit: 5 }, new AbortController().signal);
    expect(again).toEqual(first);
    expect(dealReads(from)).toHaveLength(1);
    expect((first as { data: unknown[] }).data).toHaveLength(5);
    expect(await engine.copyStatus('w')).toMatchObject({ storage: 'memory', lastFetchedAt: expect.any(Number) });
  });

  it('answers from the service while a worker that died starts again, then from the new worker', async () => {
    const { engine } = engineInWorker();
    const signal = new AbortController().signal;
    await engine.read('w', 'listDeals', { limit: 3 }, signal);
    await engine.kill();
    const from = proxy.received().length;
    // At once, while the worker is away or just back: an answer, from the service.
    expect(await engine.read('w', 'listDeals', { limit: 3 }, signal)).toMatchObject({ data: expect.any(Array) });
    expect(dealReads(from)).toHaveLength(1);
    await expect.poll(() => engine.restarts()).toBe(1);
    await expect.poll(async () => (await engine.copyStatus('w')).storage).toBe('memory');
    // The new worker keeps answers again: the second read of this one is its own.
    const later = proxy.received().length;
    await engine.read('w', 'listDeals', { limit: 4 }, signal);
    await engine.read('w', 'listDeals', { limit: 4 }, signal);
    expect(dealReads(later)).toHaveLength(1);
  });

  it('answers a Pipeline column, in the worker or while it starts again, with the service’s deals and no facts', async () => {
    const { engine } = engineInWorker();
    const signal = new AbortController().signal;
    const page = await engine.boardDeals('w', { status: 'OPEN', limit: 5 }, signal);
    expect(page).toMatchObject({ data: expect.any(Array), facts: {}, totals: null });
    await engine.kill();
    expect(await engine.boardDeals('w', { status: 'OPEN', limit: 5 }, signal)).toEqual({
      ...page,
      meta: { ...page.meta, request_id: expect.any(String) },
    });
  });

  it('answers the calls list and a deal’s calls, in the worker or while it starts again, as the service gives them', async () => {
    const { engine } = engineInWorker();
    const signal = new AbortController().signal;
    const calls = await engine.callRows('w', { limit: 5 }, signal);
    expect(calls).toMatchObject({ data: expect.any(Array), deals: {}, from: 'service' });
    const dealId = calls.data.find((call) => call.deal_id)!.deal_id!;
    const dealCalls = await engine.dealCalls('w', { id: dealId }, signal);
    expect(dealCalls).toMatchObject({
      from: 'activity',
      data: expect.arrayContaining([expect.objectContaining({ call: null })]),
    });
    await engine.kill();
    const serviceAgain = <T extends { meta: object }>(answer: T) => ({
      ...answer,
      meta: { ...answer.meta, request_id: expect.any(String) },
    });
    expect(await engine.callRows('w', { limit: 5 }, signal)).toEqual(serviceAgain(calls));
    expect(await engine.dealCalls('w', { id: dealId }, signal)).toEqual(serviceAgain(dealCalls));
  });

  it('reads the service’s answers in the worker, refusing one that is not JSON with the documented error', async () => {
    const { engine } = engineInWorker();
    const signal = new AbortController().signal;
    const fault = proxy.inject({ when: 'listMembers', fault: { kind: 'not-json' }, times: 1 });
    const error = await apiFailure(engine.read('w', 'listMembers', {}, signal));
    expect(fault.injected()).toBe(1);
    expect(error).toMatchObject({
      code: 'invalid_response',
      status: 200,
      message: 'The service answered HTTP 200 with something that is not JSON.',
    });
    // The worker goes on reading answers: the next one is read and kept.
    const members = await engine.read('w', 'listMembers', {}, signal);
    expect(members).toMatchObject({ data: expect.any(Array), unreadable: [] });
    expect(engine.restarts()).toBe(0);
  });

  it('starts a worker that died while it read an answer again, and the read is answered meanwhile', async () => {
    const { engine } = engineInWorker();
    const signal = new AbortController().signal;
    // A long answer (a thousand copies of each deal), so the worker is likely still reading it when it dies.
    const fault = proxy.inject({
      when: 'listDeals',
      fault: {
        kind: 'edit',
        edit(body) {
          body.data = Array.from({ length: 1000 }, () => body.data as unknown[]).flat();
        },
      },
      times: 1,
    });
    const reading = engine.read('w', 'listDeals', { limit: 20 }, signal);
    await expect.poll(() => fault.injected(), { timeout: 20_000 }).toBe(1);
    await engine.kill();
    expect(await reading).toMatchObject({ data: expect.any(Array) });
    await expect.poll(() => engine.restarts()).toBe(1);
    const from = proxy.received().length;
    await engine.read('w', 'listDeals', { limit: 4 }, signal);
    await engine.read('w', 'listDeals', { limit: 4 }, signal);
    expect(dealReads(from)).toHaveLength(1);
  });

  it('does not lose a copy’s removal asked for while its worker starts again', async () => {
    const { engine, events } = engineInWorker();
    await engine.read('w', 'listMembers', {}, new AbortController().signal);
    await engine.kill();
    await engine.forget('w', 'removed');
    expect(events).toContain('localCopyChanged');
  });

  it('lets the worker ask the keychain for its copies’ keys only, never for a workspace’s API key', () => {
    // The app checks every call of the worker with this contract before it answers (worker-rpc.ts).
    expect(appContract.vaultGet.params.safeParse({ account: 'replica demo' }).success).toBe(true);
    for (const account of ['http://127.0.0.1:8787 mem_1', 'replica', 'replica a b', 'Callscope'])
      expect(appContract.vaultGet.params.safeParse({ account }).success, account).toBe(false);
  });
});

/** A keychain in memory: copies are then encrypted files, read by the copy reader too. */
function memoryKeychain(): KeyVault {
  const entries = new Map<string, string>();
  return {
    storage: 'keychain',
    problem: null,
    get: async (account) => entries.get(account) ?? null,
    set: async (account, key) => void entries.set(account, key),
    delete: async (account) => void entries.delete(account),
  };
}

function engineOnFile() {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-engine-'));
  dirs.push(dir);
  return engineInWorker({ vault: memoryKeychain(), dir });
}

describe('a copy in a file, read on a thread of its own', () => {
  const signal = new AbortController().signal;

  it('answers a read the copy holds while the engine’s thread starts again, with no request', async () => {
    const { engine } = engineOnFile();
    const first = await engine.read('w', 'listDeals', { limit: 3 }, signal);
    await expect.poll(() => engine.reader?.storedAnswer('w', 'listDeals', { limit: 3 })).not.toBe(null);
    await engine.kill();
    const from = proxy.received().length;
    expect(await engine.read('w', 'listDeals', { limit: 3 }, signal)).toEqual(first);
    expect(dealReads(from)).toHaveLength(0);
  });

  it('keeps answering when the reader’s thread dies, and reads again from a new one', async () => {
    const { engine } = engineOnFile();
    const first = await engine.read('w', 'listDeals', { limit: 3 }, signal);
    await engine.reader!.kill();
    const from = proxy.received().length;
    expect(await engine.read('w', 'listDeals', { limit: 3 }, signal)).toEqual(first);
    expect(dealReads(from)).toHaveLength(0);
    await expect.poll(() => engine.reader!.restarts()).toBe(1);
    await expect.poll(() => engine.reader!.storedAnswer('w', 'listDeals', { limit: 3 })).not.toBe(null);
  });

  it('reads nothing more of a copy once it is removed', async () => {
    const { engine } = engineOnFile();
    await engine.read('w', 'listDeals', { limit: 3 }, signal);
    await expect.poll(() => engine.reader?.storedAnswer('w', 'listDeals', { limit: 3 })).not.toBe(null);
    await engine.forget('w', 'removed');
    await engine.kill();
    const from = proxy.received().length;
    await engine.read('w', 'listDeals', { limit: 3 }, signal);
    expect(dealReads(from)).toHaveLength(1);
  });
});
