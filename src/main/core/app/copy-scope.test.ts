import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type { BridgeError, OperationName, SyncStatus } from '../../../shared/bridge';
import { recentSince } from '../../../shared/copy-scope';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore, ok } from '../testing/temp-core';
import type { AppCore } from './app-core';

interface Listed {
  id: string;
  created_at: string;
}

let service: TestService;
let proxy: FaultProxy;
let calls: Listed[];

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
  const response = await fetch(`${service.baseUrl}/v1/videos?limit=100`, {
    headers: { authorization: `Bearer ${demoKeyOf(service.manifest!).key.key}` },
  });
  calls = ((await response.json()) as { data: Listed[] }).data;
});
afterAll(async () => {
  await proxy?.close();
  await service?.stop();
});

async function failure(core: AppCore, op: OperationName, params: unknown): Promise<BridgeError> {
  const settled = await core.invoke(op, params);
  if (settled.ok) throw new Error(`${op}: expected a failure`);
  return settled.error;
}

/** A call's transcript as the service answers it, or null for its 404 (a call without one). */
async function serviceTranscript(id: string): Promise<unknown> {
  const response = await fetch(`${service.baseUrl}/v1/videos/${id}/transcript`, {
    headers: { authorization: `Bearer ${demoKeyOf(service.manifest!).key.key}` },
  });
  return response.status === 404 ? null : ((await response.json()) as { data: unknown }).data;
}

const heldTranscript = async (core: AppCore, id: string) =>
  ((await ok(core, 'getHeldTranscript', { id })) as { data: unknown } | null)?.data ?? null;

const syncStatus = (core: AppCore): Promise<SyncStatus> => ok(core, 'getSyncStatus', {});

const callsSince = (since: string) => calls.filter((call) => Date.parse(call.created_at) > Date.parse(since));

/** The fewest months whose calls are some but not all of the workspace's. */
function splittingMonths(): number {
  for (let months = 1; months <= 240; months++) {
    const inside = callsSince(recentSince(months, Date.now())).length;
    if (inside > 0 && inside < calls.length) return months;
  }
  throw new Error('no number of months splits the seeded calls');
}

it('a scope chosen in Settings applies at once and to the sync, the status and search say it, offline reads say what lies outside, and widened it syncs the rest', {
  timeout: 60_000,
}, async () => {
  const { core, dispose } = createTempCore({
    demo: { baseUrl: proxy.url, apiKey: demoKeyOf(service.manifest!).key.key },
    retry: { maxAttempts: 1 },
    replica: { revalidateAfterMs: 60 * 60_000, probeEveryMs: 100, sync: { pageSize: 5 } },
  });
  try {
    const workspace = await ok(core, 'openDemoWorkspace', {});
    await ok(core, 'setSyncBudget', { requestsPerSecond: 50 });
    await expect
      .poll(() => syncStatus(core), { timeout: 20_000 })
      .toMatchObject({ state: 'up-to-date', calls: { known: calls.length, synced: calls.length } });
    expect((await ok(core, 'getLocalCopy', { workspaceId: workspace.id })).scope).toEqual({ kind: 'everything' });

    const months = splittingMonths();
    const since = recentSince(months, Date.now());
    const inside = callsSince(since);
    const older = calls.filter((call) => !inside.includes(call));
    const copy = await ok(core, 'setCopyScope', { workspaceId: workspace.id, scope: { kind: 'recent', months } });
    expect(copy.scope).toEqual({ kind: 'recent', months });
    // At once: nothing of the older calls is held any more.
    for (const call of older) expect(await heldTranscript(core, call.id)).toBeNull();
    for (const call of inside) expect(await heldTranscript(core, call.id)).toEqual(await serviceTranscript(call.id));

    await expect
      .poll(() => syncStatus(core), { timeout: 20_000 })
      .toMatchObject({
        state: 'up-to-date',
        calls: { known: inside.length, synced: inside.length },
        scope: { kind: 'recent', months },
      });
    const status = await syncStatus(core);
    expect(Math.abs(Date.parse(status.scopeSince!) - Date.parse(since))).toBeLessThan(60_000);
    const monthsWords = months === 1 ? 'the last month' : `the last ${months} months`;
    const searched = await ok(core, 'searchLocal', { q: 'a', mode: 'words', order: 'newest', limit: 50, offset: 0 });
    expect(searched.coverage.note).toMatch(
      new RegExp(
        `^Calls of ${monthsWords}: ${inside.length} of ${inside.length} searched here; older calls asked of the service`,
      ),
    );

    // The service stops answering: what the copy keeps reads, and what lies outside says so.
    const outage = proxy.inject({ when: () => true, fault: { kind: 'drop' } });
    try {
      const heldCall = inside.at(-1)!;
      expect(await ok(core, 'getVideo', { id: heldCall.id })).toMatchObject({ data: { id: heldCall.id } });
      const outsideCall = await failure(core, 'getTranscript', { id: older[0]!.id });
      expect(outsideCall).toMatchObject({
        code: 'outside_local_copy',
        message: `This call is not in the local copy, which keeps the calls of ${monthsWords}, with their deals; it can be read once the service answers again.`,
      });
      const first = await ok(core, 'listVideos', { limit: 100 });
      expect(first.data.map((call) => call.id)).toEqual(inside.map((call) => call.id));
      expect(first.meta.has_more).toBe(true);
      const next = await failure(core, 'listVideos', { limit: 100, cursor: first.meta.next_cursor! });
      expect(next).toMatchObject({
        code: 'outside_local_copy',
        message: expect.stringMatching(/^Older calls are not in the local copy/),
      });
      expect(outage.injected()).toBeGreaterThan(0);
    } finally {
      outage.remove();
    }

    await ok(core, 'setCopyScope', { workspaceId: workspace.id, scope: { kind: 'everything' } });
    await expect
      .poll(() => syncStatus(core), { timeout: 30_000 })
      .toMatchObject({ state: 'up-to-date', calls: { known: calls.length, synced: calls.length }, scopeSince: null });
    for (const call of older) expect(await heldTranscript(core, call.id)).toEqual(await serviceTranscript(call.id));
    const withLines = await Promise.all(older.map((call) => serviceTranscript(call.id)));
    expect(withLines.some((lines) => Array.isArray(lines) && lines.length > 0)).toBe(true);
  } finally {
    await dispose();
  }
});

it('refuses a scope that names no owner or no whole number of months, in the documented shape', async () => {
  const { core, dispose } = createTempCore();
  try {
    for (const scope of [
      { kind: 'owners', ownerIds: [] },
      { kind: 'recent', months: 1.5 },
      { kind: 'recent', months: 0 },
    ]) {
      expect(await failure(core, 'setCopyScope', { workspaceId: 'w', scope })).toMatchObject({
        code: 'invalid_params',
        message: expect.stringMatching(/^scope/),
      });
    }
  } finally {
    await dispose();
  }
});
