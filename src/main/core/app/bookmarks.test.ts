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

async function appWithWorkspace(options: Parameters<typeof createTempCore>[0] = {}) {
  const { core, dispose } = createTempCore(options);
  disposals.push(dispose);
  const org = demoKeyOf(service.manifest!).org;
  const apiKey = (await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id])).trim();
  const workspace = await ok(core, 'addWorkspace', { baseUrl: service.baseUrl, apiKey, name: 'Reviewed' });
  return { core, workspace };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('bookmarks', () => {
  it('keeps my last look where the review was marked done, and forgets it when asked', async () => {
    const { core } = await appWithWorkspace();
    expect(await ok(core, 'listBookmarks', {})).toEqual({ lastLook: null, named: [] });

    const upTo = minutesAgo(3);
    expect((await ok(core, 'markReviewed', { upTo })).lastLook).toEqual({ at: upTo, savedAt: expect.any(String) });
    const now = Date.now();
    const marked = await ok(core, 'markReviewed', {});
    expect(Date.parse(marked.lastLook!.at)).toBeGreaterThanOrEqual(now);

    expect(await ok(core, 'markReviewed', { upTo: null })).toEqual({ lastLook: null, named: [] });
  });

  it('names moments, latest first; a name taken, a moment to come and a bookmark gone are refused', async () => {
    const { core } = await appWithWorkspace();
    const [forecastCall, oneOnOne] = [minutesAgo(60), minutesAgo(10)];
    await ok(core, 'saveBookmark', { name: 'Forecast call 12 Nov', at: forecastCall });
    const saved = await ok(core, 'saveBookmark', { name: '  Last 1:1 with Ana ', at: oneOnOne });
    expect(saved.named.map(({ name, at }) => ({ name, at }))).toEqual([
      { name: 'Last 1:1 with Ana', at: oneOnOne },
      { name: 'Forecast call 12 Nov', at: forecastCall },
    ]);

    expect(await core.invoke('saveBookmark', { name: 'forecast call 12 nov', at: minutesAgo(1) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringContaining('exists already') },
    });
    expect(await core.invoke('saveBookmark', { name: 'Tomorrow', at: minutesAgo(-60 * 24) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringContaining('in the future') },
    });
    expect(await core.invoke('saveBookmark', { name: '', at: minutesAgo(1) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });

    const [latest] = saved.named;
    expect((await ok(core, 'removeBookmark', { id: latest!.id })).named.map(({ name }) => name)).toEqual([
      'Forecast call 12 Nov',
    ]);
    expect(await core.invoke('removeBookmark', { id: latest!.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.invoke('removeBookmark', { id: 'last-look' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('belong to the local copy: "Remove local data" takes them, and with the copy off they cannot be kept', async () => {
    const { core, workspace } = await appWithWorkspace();
    await ok(core, 'markReviewed', {});
    await ok(core, 'saveBookmark', { name: 'Forecast call', at: minutesAgo(5) });

    await ok(core, 'removeLocalData', { workspaceId: workspace.id });
    expect(await ok(core, 'listBookmarks', {})).toEqual({ lastLook: null, named: [] });

    await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: false });
    for (const [op, params] of [
      ['whatChanged', { since: { kind: 'last-look' } }],
      ['listBookmarks', {}],
      ['markReviewed', {}],
      ['saveBookmark', { name: 'Forecast call', at: minutesAgo(5) }],
    ] as const) {
      expect(await core.invoke(op, params)).toMatchObject({
        ok: false,
        error: { code: 'not_available', message: expect.stringContaining('turned off in Workspace and key') },
      });
    }
  });

  it('are never said saved when the copy cannot store: a full disk refuses them, and says so', async () => {
    let pages = 1_000_000_000;
    const { core } = await appWithWorkspace({ replica: { storage: { maxPageCount: () => pages } } });
    const videos = (await ok(core, 'listVideos', { limit: 100 })).data;
    pages = 1;
    for (const video of videos) {
      await ok(core, 'getTranscript', { id: video.id });
      if ((await ok(core, 'getReplicaStatus', {})).storingPaused) break;
    }
    expect((await ok(core, 'getReplicaStatus', {})).storingPaused).toMatchObject({ reason: 'disk-full' });

    expect(await core.invoke('saveBookmark', { name: 'Forecast call', at: minutesAgo(5) })).toMatchObject({
      ok: false,
      error: { code: 'not_available', message: expect.stringContaining('the disk is full') },
    });
    // What the copy holds is still read.
    expect(await ok(core, 'listBookmarks', {})).toEqual({ lastLook: null, named: [] });
  });
});
