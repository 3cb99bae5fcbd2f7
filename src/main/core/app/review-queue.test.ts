import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import type { KeyVault } from '../platform/key-vault/key-vault';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import { createSessionKeyVault } from '../platform/key-vault/session-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore } from '../platform/settings/settings-store';
import { succeeded as ok, upToDate } from '../testing/synced-copy';
import { createTempCore } from '../testing/temp-core';

/** Set by scripts/with-keyring.sh, which runs a real gnome-keyring in a private D-Bus session. */
const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

let service: TestService;
let proxy: FaultProxy;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
});
afterAll(async () => {
  for (const dispose of disposals.reverse()) await dispose();
  await proxy?.close();
  await service?.stop();
});

/** An app on the demo workspace through the proxy, syncing, whose settings and copy outlive it (a restart). */
function restartableApp(vault: KeyVault) {
  const [settingsDir, dir] = [
    mkdtempSync(join(tmpdir(), 'callscope-queue-')),
    mkdtempSync(join(tmpdir(), 'callscope-queue-')),
  ];
  disposals.push(async () => {
    rmSync(settingsDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async () => {
    const made = createTempCore({
      vault,
      settings: openSettingsStore(settingsDir, createConfJsonFile),
      demo: { baseUrl: proxy.url, apiKey: demoKeyOf(service.manifest!).key.key },
      replica: { dir, sync: { retry: { firstMs: 200, maxMs: 1000 } } },
    });
    disposals.push(made.dispose);
    await ok(made.core, 'openDemoWorkspace', {});
    await ok(made.core, 'setSyncBudget', { requestsPerSecond: 50 });
    await upToDate(made.core);
    return made.core;
  };
  return { start, dir };
}

const ids = (calls: readonly { callId: string }[]) => calls.map((call) => call.callId);

describe('the review queue', () => {
  it('is read from the copy alone, keeps decisions there only, and loses them with the local data', async () => {
    const core = await restartableApp(createSessionKeyVault('no keychain in this test')).start();
    const from = proxy.received().length;
    const queue = await ok(core, 'getReviewQueue', { windowDays: null });
    expect(proxy.received().slice(from)).toEqual([]);
    // The seed gives the reps analysed calls with reasons to rank.
    expect(queue.calls.length).toBeGreaterThanOrEqual(6);
    expect(queue.calls.filter((call) => call.reasons.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(new Set(queue.calls.map((call) => call.memberId).filter(Boolean)).size).toBeGreaterThanOrEqual(2);

    const [reviewed, oneOnOne, snoozed] = queue.calls.filter((call) => call.memberId !== null);
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await ok(core, 'setReviewDecision', { callId: reviewed!.callId, decision: { kind: 'reviewed' } });
    await ok(core, 'setReviewDecision', { callId: oneOnOne!.callId, decision: { kind: 'one-on-one' } });
    await ok(core, 'setReviewDecision', { callId: snoozed!.callId, decision: { kind: 'snoozed', snoozeUntil: until } });
    const refused = await core.invoke('setReviewDecision', { callId: reviewed!.callId, decision: { kind: 'snoozed' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const decided = [reviewed!.callId, oneOnOne!.callId, snoozed!.callId];
    expect(ids((await ok(core, 'getReviewQueue', { windowDays: null })).calls)).toEqual(
      ids(queue.calls).filter((id) => !decided.includes(id)),
    );
    expect(ids((await ok(core, 'listOneOnOneCalls', { memberId: oneOnOne!.memberId! })).calls)).toEqual([
      oneOnOne!.callId,
    ]);

    // A whole sync round carries none of them: the app only reads.
    await ok(core, 'pauseSync', {});
    await ok(core, 'resumeSync', {});
    await upToDate(core);
    for (const request of proxy.received().slice(from)) {
      expect(request.method).toBe('GET');
      expect(`${request.path} ${request.body}`).not.toMatch(/reviewed|one-on-one|snooze/i);
    }

    const workspaceId = (await ok(core, 'listWorkspaces', {})).activeId!;
    await ok(core, 'removeLocalData', { workspaceId });
    await upToDate(core);
    expect(ids((await ok(core, 'getReviewQueue', { windowDays: null })).calls).sort()).toEqual(ids(queue.calls).sort());
    expect((await ok(core, 'listOneOnOneCalls', { memberId: oneOnOne!.memberId! })).calls).toEqual([]);
  });
});

describe.skipIf(!underKeyring)('the review queue’s decisions on disk (the copy’s key in a real Secret Service)', () => {
  it('are kept in the encrypted copy across a restart of the app', async () => {
    const app = restartableApp(await openKeyVault(`Callscope-test-${randomUUID()}`));
    const core = await app.start();
    const queue = await ok(core, 'getReviewQueue', { windowDays: null });
    const [reviewed, oneOnOne] = queue.calls.filter((call) => call.memberId !== null);
    await ok(core, 'setReviewDecision', { callId: reviewed!.callId, decision: { kind: 'reviewed' } });
    await ok(core, 'setReviewDecision', { callId: oneOnOne!.callId, decision: { kind: 'one-on-one' } });
    await ok(core, 'markReviewPass', {});
    await core.close();
    const file = readdirSync(app.dir).find((name) => name.endsWith('.replica.sqlite'))!;
    await vi.waitFor(() => expect(existsSync(join(app.dir, `${file}-wal`))).toBe(false), { timeout: 10_000 });
    expect(readFileSync(join(app.dir, file)).includes('one-on-one')).toBe(false);

    const again = await app.start();
    const kept = await ok(again, 'getReviewQueue', { windowDays: null });
    expect(kept.lastPassAt).not.toBeNull();
    expect(kept.calls).toEqual([]);
    const ana = kept.coverage.find((rep) => rep.memberId === reviewed!.memberId)!;
    expect(ana.reviewed + ana.oneOnOne).toBeGreaterThanOrEqual(1);
    expect(ids((await ok(again, 'listOneOnOneCalls', { memberId: oneOnOne!.memberId! })).calls)).toEqual([
      oneOnOne!.callId,
    ]);
  });
});
