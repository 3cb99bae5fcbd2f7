import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { SEARCH_MAX_LIMIT } from '../../../../shared/api';
import type { BridgeEventPayload, BridgeResult, SavedSearch } from '../../../../shared/bridge';
import { demoKeyOf } from '../../../../shared/manifest';
import type { AppCore } from '../../app/app-core';
import type { Notifier } from '../../platform/notifier';
import { createApiClient } from '../../service-client/api-client/api-client';
import { createTempCore } from '../../testing/temp-core';

let service: TestService;
let key: string;
let orgId: string;
let dispose = () => {};

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  const demo = demoKeyOf(service.manifest!);
  key = demo.key.key;
  orgId = demo.org.id;
});
afterEach(() => dispose());
afterAll(() => service?.stop());

/** The OS notification centre does not exist here; this records what the shell would show. */
function backgroundNotifier() {
  const shown: { title: string; body: string; onClick: () => void }[] = [];
  const notifier: Notifier = { isAppInForeground: () => false, notify: (note) => shown.push(note) };
  return { notifier, shown };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function answerOf<T>(result: BridgeResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function openCore(
  checkEveryMs: number,
): Promise<{ core: AppCore; shown: ReturnType<typeof backgroundNotifier>['shown'] }> {
  const { notifier, shown } = backgroundNotifier();
  const made = createTempCore({
    demo: { baseUrl: service.baseUrl, apiKey: key },
    notifier,
    savedSearchCheckEveryMs: checkEveryMs,
  });
  dispose = made.dispose;
  answerOf(await made.core.invoke('openDemoWorkspace', {}));
  return { core: made.core, shown };
}

const savedNamed = async (core: AppCore, name: string) =>
  (answerOf(await core.invoke('listSavedSearches', {})) as SavedSearch[]).find((saved) => saved.name === name)!;

describe('saved searches', () => {
  it('count their matches in calls created after they were last run, notify once, and start again when run', async () => {
    const { core, shown } = await openCore(150);
    const navigations: BridgeEventPayload<'navigate'>[] = [];
    core.on((event, payload) => {
      if (event === 'navigate') navigations.push(payload as BridgeEventPayload<'navigate'>);
    });
    const client = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
    const olderCall = (await client.listVideos({ status: 'READY', limit: 1 })).data[0]!.id;
    answerOf(await core.invoke('saveSearch', { name: 'Anything with an e', q: 'e', videoId: null, dealId: null }));
    answerOf(await core.invoke('saveSearch', { name: 'One older call', q: 'e', videoId: olderCall, dealId: null }));

    const newCall = (await service.cli(['ingest', '--org', orgId, '--title', 'Saved search check'])).trim();
    await until(
      () => client.getVideo({ id: newCall }),
      (answer) => answer.data.status === 'READY',
    );
    const inNewCall = (await client.searchTranscripts({ q: 'e', video_id: newCall, limit: SEARCH_MAX_LIMIT })).meta;
    const total = inNewCall.total_matches ?? Number.NaN;
    expect(total).toBeGreaterThan(0);
    const expected = Math.min(total, SEARCH_MAX_LIMIT);

    const found = await until(
      () => savedNamed(core, 'Anything with an e'),
      (saved) => saved.newMatches === expected,
    );
    expect(found).toMatchObject({ newCapped: total > SEARCH_MAX_LIMIT, newestCallId: newCall });
    expect(await savedNamed(core, 'One older call')).toMatchObject({ newMatches: 0, newestCallId: null });

    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Saved search “Anything with an e”');
    shown[0]!.onClick();
    await until(
      async () => navigations,
      (seen) => seen.length > 0,
    );
    expect(navigations).toEqual([{ screen: 'call', id: newCall }]);

    // Another check finds the same count: nothing more to tell.
    const checkedAt = found.checkedAt;
    await until(
      () => savedNamed(core, 'Anything with an e'),
      (saved) => saved.checkedAt !== checkedAt,
    );
    expect(shown).toHaveLength(1);

    const run = answerOf(await core.invoke('openSavedSearch', { id: found.id })) as SavedSearch;
    expect(run).toMatchObject({ q: 'e', newMatches: 0 });
    const afterRun = await until(
      () => savedNamed(core, 'Anything with an e'),
      (saved) => saved.checkedAt !== null && saved.checkedAt > run.lastOpenedAt,
    );
    expect(afterRun.newMatches).toBe(0);
  });

  it('replace a search saved under the same name, delete one, and say when one is gone', async () => {
    const { core } = await openCore(60_000);
    answerOf(await core.invoke('saveSearch', { name: 'Pricing', q: 'price', videoId: null, dealId: null }));
    const replaced = answerOf(
      await core.invoke('saveSearch', { name: 'Pricing', q: 'discount', videoId: null, dealId: 'deal_x' }),
    ) as SavedSearch[];
    expect(replaced.map(({ name, q, dealId }) => ({ name, q, dealId }))).toEqual([
      { name: 'Pricing', q: 'discount', dealId: 'deal_x' },
    ]);

    expect(answerOf(await core.invoke('deleteSavedSearch', { id: replaced[0]!.id }))).toEqual([]);
    expect(await core.invoke('openSavedSearch', { id: replaced[0]!.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.invoke('saveSearch', { name: ' ', q: 'x', videoId: null, dealId: null })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
  });

  it('put back a removed or replaced search as it was, its id and last run kept (undo)', async () => {
    const { core } = await openCore(60_000);
    const [first] = answerOf(
      await core.invoke('saveSearch', { name: 'Pricing', q: 'price', videoId: null, dealId: null }),
    ) as SavedSearch[];
    const ran = answerOf(await core.invoke('openSavedSearch', { id: first!.id })) as SavedSearch;
    const [replacing] = answerOf(
      await core.invoke('saveSearch', { name: 'Pricing', q: 'discount', videoId: null, dealId: null }),
    ) as SavedSearch[];
    expect(answerOf(await core.invoke('restoreSavedSearch', ran))).toEqual([ran]);
    expect(replacing!.id).not.toBe(ran.id);

    answerOf(await core.invoke('deleteSavedSearch', { id: ran.id }));
    expect(answerOf(await core.invoke('restoreSavedSearch', ran))).toEqual([ran]);
    expect(answerOf(await core.invoke('listSavedSearches', {}))).toEqual([ran]);
  });
});
