import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asIs } from '../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { startVariantProxy, type VariantProxy } from '../../../service/testing/variant-proxy';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore, ok } from '../testing/temp-core';
import type { AppCore } from './app-core';

let service: TestService;
let proxy: VariantProxy;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startVariantProxy(service.baseUrl, asIs);
});
afterAll(async () => {
  for (const dispose of disposals.reverse()) await dispose();
  await proxy?.close();
  await service?.stop();
});

async function openCore(): Promise<AppCore> {
  const { core, dispose } = createTempCore({
    demo: { baseUrl: proxy.url, apiKey: demoKeyOf(service.manifest!).key.key },
  });
  disposals.push(dispose);
  await ok(core, 'openDemoWorkspace', {});
  return core;
}

describe('the coaching reads', () => {
  it('answer from the local copy without a request, and say what it holds', async () => {
    const core = await openCore();
    const memberId = demoKeyOf(service.manifest!).org.members[0]!.id;
    const before = proxy.received().length;
    const weeks = [Date.parse('2026-10-05T00:00:00.000Z'), Date.parse('2026-11-23T00:00:00.000Z')];
    const [deals, figures, matrix, misses] = await Promise.all([
      ok(core, 'listRepDeals', { memberId }),
      ok(core, 'getRepFigures', { memberId, weeks }),
      ok(core, 'getChecklistMatrix', { last: 10 }),
      ok(core, 'listChecklistMisses', { memberId, itemText: 'Qualify the budget', last: 10 }),
    ]);
    // The service watch asks `/members/me` on its own clock; no read asks anything.
    expect(
      proxy
        .received()
        .slice(before)
        .filter((request) => request.path !== '/v1/members/me'),
    ).toEqual([]);
    // This core does not sync: its copy holds only what was read, and each answer says so.
    const held = { kind: 'held', scope: { kind: 'everything' }, walked: false, sync: 'off' };
    for (const answer of [deals, figures, matrix, misses]) expect(answer.copy).toMatchObject(held);
  });

  it('say the copy is off, with nothing counted, once the workspace keeps none', async () => {
    const core = await openCore();
    const { workspaceId } = await ok(core, 'getReplicaStatus', {});
    await ok(core, 'setLocalCopy', { workspaceId, on: false });
    const matrix = await ok(core, 'getChecklistMatrix', { last: 10 });
    expect(matrix).toEqual({ copy: { kind: 'none', reason: 'off' }, items: [], rows: [], unattributed: 0 });
  });

  it('say which owners a copy of chosen owners keeps', async () => {
    const core = await openCore();
    const { workspaceId } = await ok(core, 'getReplicaStatus', {});
    const ownerIds = [demoKeyOf(service.manifest!).org.members[1]!.id];
    await ok(core, 'setCopyScope', { workspaceId, scope: { kind: 'owners', ownerIds } });
    const figures = await ok(core, 'getRepFigures', {
      memberId: ownerIds[0]!,
      weeks: [0, Date.parse('2026-11-23T00:00:00.000Z')],
    });
    expect(figures.copy).toMatchObject({ kind: 'held', scope: { kind: 'owners', ownerIds } });
  });

  it('refuse weeks that do not ascend, before any work', async () => {
    const core = await openCore();
    const settled = await core.invoke('getRepFigures', { memberId: 'mem_1', weeks: [5, 3] });
    expect(settled).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });
});
