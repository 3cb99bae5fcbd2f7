import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../../../service/testing/test-service';
import { memberName } from '../../../../../shared/api';
import type { CopyScope, LocalSearchResult } from '../../../../../shared/bridge';
import { recentSince } from '../../../../../shared/copy-scope';
import { demoKeyOf } from '../../../../../shared/manifest';
import { createApiClient } from '../../../service-client/api-client/api-client';
import type { ReadAnswer } from '../../../service-client/api-client/read-response';
import { mergedSearch } from '../merged-search';
import { offlineList } from '../offline-lists';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../replica-db';
import { migrateReplica } from '../replica-schema';
import type { Replica } from '../replicas';
import type { ServiceHit } from '../service-hits';
import { applyScopeAt } from './applied-scope';
import { createRequestBudget } from './request-budget';
import { lastRoundEnded, syncStore } from './sync-store';
import { createWorkspaceSync } from './workspace-sync';

interface Listed {
  id: string;
  created_at: string;
  updated_at?: string;
  deal_id?: string | null;
  owner_id?: string | null;
}

let service: TestService;
let proxy: FaultProxy;
let calls: Listed[];
let deals: Listed[];
let names: Map<string, string>;

const key = () => demoKeyOf(service.manifest!).key.key;

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${key()}` } });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
  calls = await serviceGet<Listed[]>('/v1/videos?limit=100');
  deals = await serviceGet<Listed[]>('/v1/deals?limit=100');
  const members = await serviceGet<Parameters<typeof memberName>[0][]>('/v1/members');
  names = new Map(members.map((member) => [member.id, memberName(member)]));
});
afterAll(async () => {
  await proxy?.close();
  await service?.stop();
});

const client = () => createApiClient({ baseUrl: proxy.url, getKey: async () => key() });

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

function syncWith(replica: Replica, scope: CopyScope, now?: () => number) {
  const api = client();
  return createWorkspaceSync({
    replica,
    request: (op, params, signal) => api.call(op as never, params as never, { signal }),
    budget: createRequestBudget(() => 50),
    pageSize: 5,
    scope: () => scope,
    onProgress: () => {},
    now,
  });
}

/** Local search as the engine runs it, the service asked through the proxy. */
function search(db: ReplicaDatabase, q: string): Promise<LocalSearchResult> {
  const api = client();
  return mergedSearch({
    db,
    query: { q, mode: 'words', order: 'newest', limit: 100, offset: 0 },
    knownCalls: 0,
    searchService: async (text, dealId) =>
      (await api.call('searchTranscripts', { q: text, limit: 100, deal_id: dealId })) as { data: ServiceHit[] },
  });
}

/** The records whose own reads (detail or parts) were asked for since request number `from`. */
function recordsAskedSince(from: number): Set<string> {
  return new Set(
    proxy
      .received()
      .slice(from)
      .flatMap((request) => /^\/v1\/(?:videos|deals)\/([^/?]+)/.exec(request.path)?.[1] ?? []),
  );
}

/** Where the copy holds anything of a record: its stored reads, list pages showing it, its lines, its rows. */
function heldOf(db: ReplicaDatabase, id: string): string[] {
  const answers = db
    .prepare<[string, string], string>(
      `SELECT 'answers:' || op FROM answers
       WHERE EXISTS (SELECT 1 FROM json_each(params) AS entry WHERE json_extract(entry.value, '$[1]') = ?)
          OR EXISTS (SELECT 1 FROM json_each(body, '$.data') AS item
                     WHERE item.type = 'object' AND json_extract(item.value, '$.id') = ?)`,
    )
    .pluck()
    .all(id, id);
  const rows = (
    [
      ['segments', 'video_id'],
      ['segment_spans', 'video_id'],
      ['transcripts_held', 'video_id'],
      ['calls', 'id'],
      ['deals', 'id'],
      ['sync_items', 'id'],
      ['sync_parts', 'id'],
    ] as const
  ).filter(([table, column]) => db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`).get(id));
  const indexed = db
    .prepare<[string], number>(
      `SELECT count(*) FROM segment_fts WHERE rowid IN (SELECT rowid FROM segments WHERE video_id = ?)`,
    )
    .pluck()
    .get(id);
  return [...answers, ...rows.map(([table]) => table), ...(indexed ? ['segment_fts'] : [])];
}

const storedTranscript = (db: ReplicaDatabase, id: string) =>
  (replicaAnswers(db).get('getTranscript', canonicalParams({ id }))?.body as { data?: unknown } | undefined)?.data;

/** The fewest months whose calls are some but not all of the workspace's (the seed's dates lie before today). */
function splittingMonths(): number {
  for (let months = 1; months <= 240; months++) {
    const inside = callsSince(recentSince(months, Date.now())).length;
    if (inside > 0 && inside < calls.length) return months;
  }
  throw new Error('no number of months splits the seeded calls');
}

const callsSince = (since: string) => calls.filter((call) => Date.parse(call.created_at) > Date.parse(since));

/** The deals a scope of recent months keeps: its calls' deals, and the deals created or updated since. */
function dealsOfRecent(inside: Listed[], since: string): Listed[] {
  const at = Date.parse(since);
  return deals.filter(
    (deal) =>
      inside.some((call) => call.deal_id === deal.id) ||
      Date.parse(deal.created_at) > at ||
      Date.parse(deal.updated_at!) > at,
  );
}

/** An owner whose deals have calls, and who does not own every deal. */
function someOwner(): { ownerId: string; owned: Listed[]; theirCalls: Listed[] } {
  for (const ownerId of new Set(deals.flatMap((deal) => deal.owner_id ?? []))) {
    const owned = deals.filter((deal) => deal.owner_id === ownerId);
    const theirCalls = calls.filter((call) => owned.some((deal) => deal.id === call.deal_id));
    if (theirCalls.length > 0 && owned.length < deals.length) return { ownerId, owned, theirCalls };
  }
  throw new Error('no owner fits');
}

const ids = (records: Listed[]) => records.map((record) => record.id).sort();
const without = (all: Listed[], kept: Listed[]) => all.filter((record) => !kept.includes(record));

const monthsWords = (months: number) => (months === 1 ? 'the last month' : `the last ${months} months`);

describe('a copy of the calls of the last months, with their deals', () => {
  it('stores those calls and deals whole, asks for nothing else, counts only them and says so in search', async () => {
    const months = splittingMonths();
    const since = recentSince(months, Date.now());
    const inside = callsSince(since);
    const insideDeals = dealsOfRecent(inside, since);
    expect(insideDeals.length).toBeLessThan(deals.length);
    const replica = memoryReplica();
    const sync = syncWith(replica, { kind: 'recent', months });
    const from = proxy.received().length;
    await sync.start();

    // The calls' list is walked with the interface's filter, and ends where the scope does.
    const walked = proxy
      .received()
      .slice(from)
      .filter((request) => request.endpoint === 'listVideos');
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.every((request) => request.path.includes('created_after='))).toBe(true);
    expect([...recordsAskedSince(from)].sort()).toEqual([...ids(inside), ...ids(insideDeals)].sort());

    for (const call of inside) {
      expect(storedTranscript(replica.db, call.id)).toEqual(await serviceGet(`/v1/videos/${call.id}/transcript`));
    }
    for (const record of [...without(calls, inside), ...without(deals, insideDeals)]) {
      expect(heldOf(replica.db, record.id)).toEqual([]);
    }
    expect(sync.progress()).toMatchObject({
      state: 'up-to-date',
      calls: { known: inside.length, synced: inside.length, failing: 0 },
      deals: { known: insideDeals.length, synced: insideDeals.length, failing: 0 },
      scope: { kind: 'recent', months },
    });

    const found = await search(replica.db, 'a');
    expect(found.coverage).toMatchObject({ indexedCalls: inside.length, knownCalls: inside.length });
    expect(found.coverage.note).toMatch(
      new RegExp(
        `^Calls of ${monthsWords(months)}: ${inside.length} of ${inside.length} searched here; older calls asked of the service, which found`,
      ),
    );
    const fromService = found.calls.filter((call) => call.source === 'service').map((call) => call.videoId);
    expect(fromService.every((id) => !inside.some((call) => call.id === id))).toBe(true);
  });

  it('offline, lists its calls and says where the list reaches past them; a list within the months is whole', async () => {
    const months = splittingMonths();
    const replica = memoryReplica();
    await syncWith(replica, { kind: 'recent', months }).start();
    const since = recentSince(months, Date.now());
    const inside = callsSince(since);

    const first = offlineList(replica.db, 'listVideos', { limit: 100 });
    expect(first).toMatchObject({ data: inside.map((call) => ({ id: call.id })), meta: { has_more: true } });
    const cursor = (first as ReadAnswer).meta.next_cursor;
    expect(offlineList(replica.db, 'listVideos', { limit: 100, cursor })).toEqual({
      outside: expect.stringMatching(
        new RegExp(`^Older calls are not in the local copy, which keeps the calls of ${monthsWords(months)}`),
      ),
    });
    // From the scope's start on, the copy holds every call: the list ends.
    const appliedSince = (syncStore(replica).scope() as { since: string }).since;
    expect(offlineList(replica.db, 'listVideos', { limit: 100, created_after: appliedSince })).toMatchObject({
      data: inside.map((call) => ({ id: call.id })),
      meta: { has_more: false, next_cursor: null },
    });
    // Its deals are not a range a list asks for: a deals list never claims to be whole.
    const dealsPage = offlineList(replica.db, 'listDeals', { limit: 100 });
    expect(dealsPage).toMatchObject({ meta: { has_more: true } });
  });

  it('drops the calls that fall behind the months as the next rounds open later', async () => {
    const months = splittingMonths();
    const replica = memoryReplica();
    await syncWith(replica, { kind: 'recent', months }).start();
    const inside = callsSince(recentSince(months, Date.now()));
    const oldest = inside.at(-1)!;
    // A round that opens once the oldest call is older than the months.
    let later = Date.now();
    while (Date.parse(recentSince(months, later)) <= Date.parse(oldest.created_at)) later += 60_000;
    const stillInside = callsSince(recentSince(months, later));
    expect(stillInside.length).toBe(inside.length - 1);

    const sync = syncWith(replica, { kind: 'recent', months }, () => later);
    await sync.start();
    expect(heldOf(replica.db, oldest.id)).toEqual([]);
    for (const call of stillInside) expect(storedTranscript(replica.db, call.id)).toBeDefined();
    expect(sync.progress().calls).toMatchObject({ known: stillInside.length, synced: stillInside.length });
  });

  it('keeps none of the older calls a service lists against the filter, and stops walking there', async () => {
    const months = splittingMonths();
    const since = recentSince(months, Date.now());
    const inside = callsSince(since);
    const older = without(calls, inside);
    // The filtered list's last page goes on with older calls, as a service ignoring `created_after` would.
    const fault = proxy.inject({
      when: (exchange) => exchange.url.pathname === '/v1/videos' && exchange.url.searchParams.has('created_after'),
      fault: {
        kind: 'edit',
        edit: (body) => {
          const meta = body.meta as { has_more: boolean; next_cursor: string | null };
          if (meta.has_more) return;
          (body.data as Listed[]).push(...older);
          body.meta = { ...meta, has_more: true, next_cursor: 'more-older-calls' };
        },
      },
    });
    try {
      const replica = memoryReplica();
      const from = proxy.received().length;
      const sync = syncWith(replica, { kind: 'recent', months });
      await sync.start();
      expect(fault.injected()).toBeGreaterThan(0);
      const asked = recordsAskedSince(from);
      for (const call of older) {
        expect(asked.has(call.id)).toBe(false);
        expect(heldOf(replica.db, call.id)).toEqual([]);
      }
      // The page reached past the months: no next page was asked for.
      expect(
        proxy
          .received()
          .slice(from)
          .some((request) => request.path.includes('more-older-calls')),
      ).toBe(false);
      expect(sync.progress().calls).toMatchObject({ known: inside.length, synced: inside.length });
    } finally {
      fault.remove();
    }
  });
});

describe('a copy of the deals of chosen owners, with their calls', () => {
  it('stores those deals and their calls whole, asks for nothing else, counts only them and says so in search', async () => {
    const { ownerId, owned, theirCalls } = someOwner();
    const replica = memoryReplica();
    const sync = syncWith(replica, { kind: 'owners', ownerIds: [ownerId] });
    const from = proxy.received().length;
    await sync.start();

    expect([...recordsAskedSince(from)].sort()).toEqual([...ids(owned), ...ids(theirCalls)].sort());
    for (const call of theirCalls) {
      expect(storedTranscript(replica.db, call.id)).toEqual(await serviceGet(`/v1/videos/${call.id}/transcript`));
    }
    for (const record of [...without(calls, theirCalls), ...without(deals, owned)]) {
      expect(heldOf(replica.db, record.id)).toEqual([]);
    }
    expect(sync.progress()).toMatchObject({
      state: 'up-to-date',
      calls: { known: theirCalls.length, synced: theirCalls.length },
      deals: { known: owned.length, synced: owned.length },
      scope: { kind: 'owners', ownerIds: [ownerId] },
    });

    const found = await search(replica.db, 'a');
    expect(found.coverage.note).toMatch(
      new RegExp(
        `^Calls of the deals of ${names.get(ownerId)}: ${theirCalls.length} of ${theirCalls.length} searched here; other calls asked of the service, which found`,
      ),
    );
    // Offline, neither list claims to be whole.
    expect(offlineList(replica.db, 'listDeals', { limit: 100 })).toMatchObject({
      data: owned.map((deal) => ({ id: deal.id })),
      meta: { has_more: true },
    });
  });
});

describe('a scope chosen for a copy already kept', () => {
  it('narrowed, deletes everything of what lies outside, screens’ reads and transcript lines included; widened, syncs it again', async () => {
    const replica = memoryReplica();
    await syncWith(replica, { kind: 'everything' }).start();
    const months = splittingMonths();
    const since = recentSince(months, Date.now());
    const inside = callsSince(since);
    const insideDeals = dealsOfRecent(inside, since);
    const outside = [...without(calls, inside), ...without(deals, insideDeals)];
    // What screens read besides the sync's: a card's newest activity, the calls list as it asks.
    const outsideDeal = without(deals, insideDeals)[0]!;
    const api = client();
    replica.answers.put(
      'listActivities',
      canonicalParams({ id: outsideDeal.id, limit: 1 }),
      await api.call('listActivities', { id: outsideDeal.id, limit: 1 }),
      Date.now(),
    );
    replica.answers.put(
      'listVideos',
      canonicalParams({ limit: 25 }),
      await api.call('listVideos', { limit: 25 }),
      Date.now(),
    );
    const olderCall = without(calls, inside).find(
      (call) => ((storedTranscript(replica.db, call.id) as unknown[] | undefined)?.length ?? 0) > 0,
    )!;
    expect(heldOf(replica.db, olderCall.id)).toEqual(expect.arrayContaining(['segments', 'segment_fts', 'calls']));
    expect(heldOf(replica.db, outsideDeal.id)).toContain('answers:listActivities');

    // As Settings' choice applies it.
    syncStore(replica).openRound(applyScopeAt({ kind: 'recent', months }, Date.now()), Date.now());
    for (const record of outside) expect(heldOf(replica.db, record.id)).toEqual([]);
    for (const call of inside) {
      expect(storedTranscript(replica.db, call.id)).toEqual(await serviceGet(`/v1/videos/${call.id}/transcript`));
    }
    // Narrowed, the copy still knows every call within the months: offline lists of them stay whole.
    expect(lastRoundEnded(replica.db)).not.toBeNull();
    const narrowed = syncWith(replica, { kind: 'recent', months });
    const from = proxy.received().length;
    await narrowed.start();
    expect(recordsAskedSince(from).size).toBe(0);
    expect(narrowed.progress()).toMatchObject({
      calls: { known: inside.length, synced: inside.length },
      deals: { known: insideDeals.length, synced: insideDeals.length },
    });

    // Widened again: offline lists wait for a round under it, which fetches what it adds.
    syncStore(replica).openRound(applyScopeAt({ kind: 'everything' }, Date.now()), Date.now());
    expect(lastRoundEnded(replica.db)).toBeNull();
    expect(offlineList(replica.db, 'listVideos', { limit: 100 })).toBeNull();
    const widened = syncWith(replica, { kind: 'everything' });
    const again = proxy.received().length;
    await widened.start();
    expect([...recordsAskedSince(again)].sort()).toEqual(ids(outside).sort());
    expect(widened.progress()).toMatchObject({
      calls: { known: calls.length, synced: calls.length },
      deals: { known: deals.length, synced: deals.length },
    });
    expect(storedTranscript(replica.db, olderCall.id)).toEqual(
      await serviceGet(`/v1/videos/${olderCall.id}/transcript`),
    );
    expect(offlineList(replica.db, 'listVideos', { limit: 100 })).toMatchObject({ meta: { has_more: false } });
  });

  it('keeps what a screen read outside it without counting it, until another scope that does not hold the last is chosen', async () => {
    const months = splittingMonths();
    const replica = memoryReplica();
    await syncWith(replica, { kind: 'recent', months }).start();
    const inside = callsSince(recentSince(months, Date.now()));
    // A screen opens an older call: its answers are kept, as every read is.
    const api = client();
    const older = without(calls, inside).find((call) => call.deal_id)!;
    for (const op of ['getVideo', 'getTranscript'] as const) {
      replica.answers.put(op, canonicalParams({ id: older.id }), await api.call(op, { id: older.id }), Date.now());
    }
    expect(heldOf(replica.db, older.id)).toEqual(expect.arrayContaining(['answers:getTranscript', 'calls']));
    const found = await search(replica.db, 'a');
    expect(found.coverage).toMatchObject({ indexedCalls: inside.length, knownCalls: inside.length });
    const sync = syncWith(replica, { kind: 'recent', months });
    await sync.start();
    expect(sync.progress().calls).toMatchObject({ known: inside.length, synced: inside.length });

    syncStore(replica).openRound(
      applyScopeAt({ kind: 'owners', ownerIds: [someOwner().ownerId] }, Date.now()),
      Date.now(),
    );
    expect(heldOf(replica.db, older.id)).toEqual([]);
  });

  it('chosen for a copy an earlier version synced, keeps what lies within without walking the lists again', async () => {
    const replica = memoryReplica();
    await syncWith(replica, { kind: 'everything' }).start();
    // The copy as version 9 left it: the sync's records without what a scope is decided on.
    for (const column of ['created_ms', 'updated_ms', 'deal_id', 'owner_id']) {
      replica.db.prepare(`ALTER TABLE sync_items DROP COLUMN ${column}`).run();
    }
    replica.db.pragma('user_version = 9');
    migrateReplica(replica.db);

    const { ownerId, owned, theirCalls } = someOwner();
    const store = syncStore(replica);
    store.openRound(applyScopeAt({ kind: 'owners', ownerIds: [ownerId] }, Date.now()), Date.now());
    for (const call of theirCalls) {
      expect(storedTranscript(replica.db, call.id)).toEqual(await serviceGet(`/v1/videos/${call.id}/transcript`));
    }
    for (const record of [...without(calls, theirCalls), ...without(deals, owned)]) {
      expect(heldOf(replica.db, record.id)).toEqual([]);
    }
    expect(store.progress('deals')).toMatchObject({ known: owned.length, synced: owned.length });
    expect(store.progress('videos')).toMatchObject({ known: theirCalls.length, synced: theirCalls.length });
  });
});
