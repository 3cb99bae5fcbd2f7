import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type { ReplicaStatus } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore } from '../testing/temp-core';
import type { AppCore } from './app-core';

let service: TestService;
let proxy: FaultProxy;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
});
afterAll(async () => {
  for (const dispose of disposals) await dispose();
  await proxy?.close();
  await service?.stop();
});

async function status(core: AppCore): Promise<ReplicaStatus> {
  const settled = await core.invoke('getReplicaStatus', {});
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value as ReplicaStatus;
}

const meReads = (from: number) =>
  proxy
    .received()
    .slice(from)
    .filter((request) => request.endpoint === 'getMe');

it('says when the service last answered and whether it answers now, from its own watch, asking nothing at the read', async () => {
  const opened = Date.now();
  const { core, dispose } = createTempCore({
    demo: { baseUrl: proxy.url, apiKey: demoKeyOf(service.manifest!).key.key },
    replica: { watchEveryMs: 100, sync: null },
  });
  disposals.push(dispose);
  const open = await core.invoke('openDemoWorkspace', {});
  expect(open.ok).toBe(true);

  // The window's first read of the status: this session's answer, not the copy's older one.
  const first = await status(core);
  expect(first.online).toBe(true);
  expect(Date.parse(first.lastContactAt!)).toBeGreaterThanOrEqual(opened - 1000);

  // Reading the status again and again asks the service nothing: the watch does, on its own loop.
  const from = proxy.received().length;
  const statuses = await Promise.all(Array.from({ length: 20 }, () => status(core)));
  expect(statuses.every((each) => each.online)).toBe(true);
  expect(meReads(from).length).toBeLessThan(20);

  // The service goes away with no screen reading anything: the watch finds out, and the status says so.
  const outage = proxy.inject({ when: 'getMe', fault: { kind: 'drop' } });
  await expect.poll(async () => (await status(core)).online, { timeout: 10_000 }).toBe(false);
  expect(outage.injected()).toBeGreaterThan(0);
  const whileAway = (await status(core)).lastContactAt;
  outage.remove();
  await expect.poll(async () => (await status(core)).online, { timeout: 10_000 }).toBe(true);
  expect(Date.parse((await status(core)).lastContactAt!)).toBeGreaterThan(Date.parse(whileAway!));
});
