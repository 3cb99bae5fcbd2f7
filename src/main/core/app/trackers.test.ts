import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore, ok } from '../testing/temp-core';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(() => service?.stop());

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

/** A workspace whose copy holds no transcript yet (no sync runs here): every call is the service's. */
async function appWithWorkspace() {
  const { core, dispose } = createTempCore();
  disposals.push(dispose);
  const org = demoKeyOf(service.manifest!).org;
  const apiKey = (await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id])).trim();
  const workspace = await ok(core, 'addWorkspace', { baseUrl: service.baseUrl, apiKey, name: 'Tracked' });
  return { core, workspace, apiKey };
}

describe('trackers through the app', () => {
  it('asks the service for the calls the copy does not hold, a line found by two phrases counted once, and says so', async () => {
    const { core, apiKey } = await appWithWorkspace();
    const search = async (q: string) => {
      const response = await fetch(`${service.baseUrl}/v1/search/transcripts?q=${encodeURIComponent(q)}&limit=100`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      return ((await response.json()) as { data: { id: string; video_id: string; speaker_role: string }[] }).data;
    };
    // Both phrases are in the seller's "I will send the security pack" lines: each line once.
    const lines = [...(await search('security pack')), ...(await search('send the security'))].filter(
      (hit) => hit.speaker_role === 'SELLER',
    );
    const byCall = new Map<string, Set<string>>();
    for (const hit of lines) byCall.set(hit.video_id, (byCall.get(hit.video_id) ?? new Set()).add(hit.id));
    expect(byCall.size).toBeGreaterThan(0);

    const { after } = await ok(core, 'saveTracker', {
      name: 'Security',
      phrases: ['security pack', 'send the security'],
      side: 'seller',
      scope: { kind: 'all' },
    });
    const report = await ok(core, 'getTrackerReport', { id: after.id });
    expect(report.calls.every((call) => call.source === 'service')).toBe(true);
    expect(new Map(report.calls.map((call) => [call.callId, call.mentions]))).toEqual(
      new Map([...byCall].map(([callId, ids]) => [callId, ids.size])),
    );
    expect(report.coverage.note).toContain('asked of the service phrase by phrase');
    expect(report.coverage.note).toContain(`found ${byCall.size} calls with a mention`);
  });

  it('refuses a tracker without a phrase holding a word, in the documented shape, and one gone is not found', async () => {
    const { core } = await appWithWorkspace();
    expect(
      await core.invoke('saveTracker', { name: 'Marks', phrases: ['"*"'], side: 'any', scope: { kind: 'all' } }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(await core.invoke('getTrackerReport', { id: 'tr_00000000-0000-0000-0000-000000000000' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'That tracker no longer exists.' },
    });
  });

  it('lists the trackers among the palette’s records, a removed one no longer', async () => {
    const { core } = await appWithWorkspace();
    const definition = { phrases: ['pricing'], side: 'any' as const, scope: { kind: 'all' as const } };
    const kept = await ok(core, 'saveTracker', { name: 'Pricing talk', ...definition });
    const gone = await ok(core, 'saveTracker', { name: 'Competitors', ...definition });
    await ok(core, 'removeTracker', { id: gone.after.id });
    const records = await ok(core, 'listPaletteRecords', {});
    expect(records.trackers).toEqual([{ id: kept.after.id, name: 'Pricing talk' }]);
  });
});
