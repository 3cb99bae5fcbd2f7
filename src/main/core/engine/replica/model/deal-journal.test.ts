import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { WHOLE_WORKSPACE } from '../../../../../shared/copy-scope';
import { offlineList } from '../offline-lists';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import { migrateReplica } from '../replica-schema';
import type { Replica } from '../replicas';
import { applyScopeAt } from '../sync/applied-scope';
import { syncStore } from '../sync/sync-store';
import { historyKnownSince, type JournalEntry, journalSince } from './deal-journal';
import { fillModelIfPending } from './workspace-model';

type Deal = Record<string, unknown>;

const T0 = Date.parse('2026-03-02T09:00:00Z');
const minutes = (n: number) => T0 + n * 60_000;

function deal(id: string, fields: Deal = {}): Deal & { id: string } {
  return {
    id,
    title: `Deal ${id}`,
    status: 'OPEN',
    owner_id: 'mem_ana',
    forecast_amount: 12_000,
    close_date: '2026-06-30T00:00:00.000Z',
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

/** A screen's list page (any filter), stored as the service gave it at `at`. */
function listed(replica: Replica, at: number, deals: Deal[], params: Record<string, unknown> = { status: 'OPEN' }) {
  replica.answers.put('listDeals', canonicalParams(params), { data: deals, meta: { has_more: false } }, at);
}

function detail(replica: Replica, at: number, record: Deal) {
  replica.answers.put('getDeal', canonicalParams({ id: record.id }), { data: record, meta: {} }, at);
}

/** The sync's walk of the deals: opened at `openedAt`, one page, ending at the list's end (or stopped short). */
function walk(replica: Replica, openedAt: number, at: number, deals: Deal[], { endsAtEnd = true } = {}) {
  const store = syncStore(replica);
  store.openRound(applyScopeAt(WHOLE_WORKSPACE, openedAt), openedAt);
  const page = { op: 'listDeals', params: canonicalParams({ limit: 100 }), body: { data: deals }, at };
  store.recordPage('deals', page as never, null, endsAtEnd ? 1 : null);
}

const rows = (replica: Replica) =>
  journalSince(replica.db, 0).map(({ dealId, field, before, after, seenAt }) => ({
    dealId,
    field,
    before,
    after,
    seenAt,
  }));

const listValues = (record: Deal) => ({
  status: record.status,
  title: record.title,
  forecast_amount: record.forecast_amount,
  close_date: record.close_date,
  owner_id: record.owner_id,
});

describe('the deal journal', () => {
  it('records a deal first seen as added, once, and the first row says from when history is known', () => {
    const replica = memoryReplica();
    expect(historyKnownSince(replica.db)).toBeNull();
    listed(replica, minutes(1), [deal('a'), deal('b')]);
    listed(replica, minutes(2), [deal('a'), deal('b')]);
    detail(replica, minutes(3), { ...deal('a'), probability: 40, score_factors: [] });
    expect(rows(replica)).toEqual([
      { dealId: 'a', field: 'added', before: null, after: listValues(deal('a')), seenAt: minutes(1) },
      { dealId: 'b', field: 'added', before: null, after: listValues(deal('b')), seenAt: minutes(1) },
    ]);
    expect(historyKnownSince(replica.db)).toBe(minutes(1));
  });

  it('records each list field that changed, from a list page or a detail, with before, after and when', () => {
    const replica = memoryReplica();
    listed(replica, minutes(1), [deal('a')]);
    listed(replica, minutes(2), [deal('a', { status: 'WON' })], { status: 'WON' });
    detail(replica, minutes(3), { ...deal('a', { status: 'WON', title: 'Renamed' }), probability: null });
    listed(replica, minutes(4), [deal('a', { status: 'WON', title: 'Renamed', forecast_amount: 15_000 })], {});
    listed(
      replica,
      minutes(5),
      [deal('a', { status: 'WON', title: 'Renamed', forecast_amount: 15_000, close_date: '2026-09-30' })],
      {},
    );
    listed(
      replica,
      minutes(6),
      [
        deal('a', {
          status: 'WON',
          title: 'Renamed',
          forecast_amount: 15_000,
          close_date: '2026-09-30',
          owner_id: 'mem_ben',
        }),
      ],
      {},
    );
    expect(rows(replica).slice(1)).toEqual([
      { dealId: 'a', field: 'status', before: 'OPEN', after: 'WON', seenAt: minutes(2) },
      { dealId: 'a', field: 'title', before: 'Deal a', after: 'Renamed', seenAt: minutes(3) },
      { dealId: 'a', field: 'forecast_amount', before: 12_000, after: 15_000, seenAt: minutes(4) },
      {
        dealId: 'a',
        field: 'close_date',
        before: '2026-06-30T00:00:00.000Z',
        after: '2026-09-30',
        seenAt: minutes(5),
      },
      { dealId: 'a', field: 'owner_id', before: 'mem_ana', after: 'mem_ben', seenAt: minutes(6) },
    ]);
    expect(journalSince(replica.db, minutes(4)).map((entry) => entry.field)).toEqual([
      'forecast_amount',
      'close_date',
      'owner_id',
    ]);
  });

  it('records a change and its reversal both; a field left out or a date written otherwise is no change', () => {
    const replica = memoryReplica();
    listed(replica, minutes(1), [deal('a')]);
    listed(replica, minutes(2), [deal('a', { forecast_amount: null })]);
    listed(replica, minutes(3), [deal('a', { forecast_amount: 12_000 })]);
    // Another service leaves the owner out, and writes the same close date with an offset.
    const { owner_id: _left, ...withoutOwner } = deal('a', { close_date: '2026-06-30T02:00:00+02:00' });
    listed(replica, minutes(4), [withoutOwner]);
    expect(rows(replica).slice(1)).toEqual([
      { dealId: 'a', field: 'forecast_amount', before: 12_000, after: null, seenAt: minutes(2) },
      { dealId: 'a', field: 'forecast_amount', before: null, after: 12_000, seenAt: minutes(3) },
    ]);
    const held = replica.db.prepare("SELECT owner_id FROM deals WHERE id = 'a'").pluck().get();
    expect(held).toBe('mem_ana');
  });

  it('records a deal a whole walk no longer finds as removed at its end, and as added when it is back', () => {
    const replica = memoryReplica();
    walk(replica, minutes(0), minutes(1), [deal('a'), deal('b')]);
    // A walk stopped short of the list's end says nothing is gone.
    walk(replica, minutes(10), minutes(11), [deal('a')], { endsAtEnd: false });
    expect(rows(replica).filter((row) => row.field === 'removed')).toEqual([]);

    walk(replica, minutes(20), minutes(21), [deal('a')]);
    expect(rows(replica).filter((row) => row.field === 'removed')).toEqual([
      { dealId: 'b', field: 'removed', before: listValues(deal('b')), after: null, seenAt: minutes(21) },
    ]);
    // Gone from the lists answered offline too.
    syncStore(replica).closeRound(new Date(minutes(21)).toISOString());
    const open = (offlineList(replica.db, 'listDeals', { status: 'OPEN' }) as { data: Deal[] }).data;
    expect(open.map((record) => record.id)).toEqual(['a']);

    walk(replica, minutes(30), minutes(31), [deal('a'), deal('b', { status: 'ON_HOLD' })]);
    expect(rows(replica).slice(-2)).toEqual([
      {
        dealId: 'b',
        field: 'added',
        before: null,
        after: listValues(deal('b', { status: 'ON_HOLD' })),
        seenAt: minutes(31),
      },
      { dealId: 'b', field: 'status', before: 'OPEN', after: 'ON_HOLD', seenAt: minutes(31) },
    ]);
    // Seen again, it is not gone at the next walk that finds it.
    walk(replica, minutes(40), minutes(41), [deal('a'), deal('b', { status: 'ON_HOLD' })]);
    expect(rows(replica).filter((row) => row.field === 'removed')).toHaveLength(1);
  });

  it('neither adds nor removes a deal first seen deleted, and adds it when it is restored', () => {
    const replica = memoryReplica();
    walk(replica, minutes(0), minutes(1), [deal('a')]);
    listed(replica, minutes(2), [deal('gone', { status: 'DELETED' })], { status: 'DELETED' });
    walk(replica, minutes(10), minutes(11), [deal('a')]);
    expect(rows(replica).map((row) => `${row.dealId} ${row.field}`)).toEqual(['a added']);
    walk(replica, minutes(20), minutes(21), [deal('a'), deal('gone')]);
    expect(rows(replica).slice(1)).toEqual([
      { dealId: 'gone', field: 'added', before: null, after: listValues(deal('gone')), seenAt: minutes(21) },
      { dealId: 'gone', field: 'status', before: 'DELETED', after: 'OPEN', seenAt: minutes(21) },
    ]);
  });

  it('says nothing is gone of a deal first seen during the walk, after its page went by', () => {
    const replica = memoryReplica();
    walk(replica, minutes(0), minutes(1), [deal('a')]);
    const store = syncStore(replica);
    store.openRound(applyScopeAt(WHOLE_WORKSPACE, minutes(10)), minutes(10));
    detail(replica, minutes(11), { ...deal('new'), probability: null });
    store.recordPage('deals', { op: 'listDeals', params: '[]', body: { data: [deal('a')] }, at: minutes(12) }, null, 1);
    expect(rows(replica).filter((row) => row.field === 'removed')).toEqual([]);
  });

  it('records a change of the detail’s win probability with the score factor that moved most', () => {
    const replica = memoryReplica();
    const factors = (budget: number, timing: number) => [
      { id: 'f1', factor_id: 'budget', score: budget, reason: budget < 50 ? 'Budget was cut' : 'Budget approved' },
      { id: 'f2', factor_id: 'timing', score: timing, reason: 'On schedule' },
    ];
    detail(replica, minutes(1), { ...deal('a'), probability: 40, score_factors: factors(60, 30) });
    detail(replica, minutes(2), { ...deal('a'), probability: 40, score_factors: factors(60, 30) });
    detail(replica, minutes(3), { ...deal('a'), probability: 25, score_factors: factors(20, 35) });
    // The list does not carry the probability: it changes nothing of it.
    listed(replica, minutes(4), [deal('a')]);
    detail(replica, minutes(5), { ...deal('a'), probability: null, score_factors: [] });
    const changes = journalSince(replica.db, 0).filter((entry) => entry.field === 'probability');
    expect(changes.map(({ before, after, factor, seenAt }) => ({ before, after, factor, seenAt }))).toEqual([
      {
        before: 40,
        after: 25,
        factor: { factorId: 'budget', before: 60, after: 20, reason: 'Budget was cut' },
        seenAt: minutes(3),
      },
      {
        before: 25,
        after: null,
        factor: { factorId: 'timing', before: 35, after: null, reason: 'On schedule' },
        seenAt: minutes(5),
      },
    ] satisfies Partial<JournalEntry>[]);
  });

  it('fills the model of an upgraded copy from the answers it holds, and starts its history then', () => {
    // A copy as the version before the model left it: answers, and the deals search knew of.
    const db = new Database(':memory:');
    migrateReplica(db, 9);
    const put = db.prepare('INSERT INTO answers (op, params, body, fetched_at) VALUES (?, ?, ?, ?)');
    put.run('listDeals', canonicalParams({ status: 'OPEN' }), JSON.stringify({ data: [deal('a')] }), minutes(1));
    put.run(
      'listDeals',
      canonicalParams({ limit: 100 }),
      JSON.stringify({ data: [deal('a', { status: 'WON' })] }),
      minutes(2),
    );
    const scorings = [
      { id: 'sc_2', status: 'completed', result: { probability: 30 } },
      { id: 'sc_1', status: 'completed' },
    ];
    put.run(
      'listScorings',
      canonicalParams({ id: 'a' }),
      JSON.stringify({ data: scorings, meta: { has_more: false } }),
      minutes(1),
    );
    db.prepare("INSERT INTO deals (id, title, status, body) VALUES ('old', 'Old', 'LOST', ?)").run(
      JSON.stringify(deal('old', { status: 'LOST', owner_id: 'mem_cy' })),
    );

    migrateReplica(db);
    fillModelIfPending(db, minutes(10));
    expect(db.prepare('SELECT id, status, owner_id FROM deals ORDER BY id').all()).toEqual([
      { id: 'a', status: 'WON', owner_id: 'mem_ana' },
      { id: 'old', status: 'LOST', owner_id: 'mem_cy' },
    ]);
    expect(db.prepare('SELECT id, rank, probability FROM scorings ORDER BY rank').all()).toEqual([
      { id: 'sc_2', rank: 0, probability: 30 },
      { id: 'sc_1', rank: 1, probability: null },
    ]);
    // What changed between answers held before was not seen happen: only the deals held, added now.
    expect(journalSince(db, 0).map(({ dealId, field, seenAt }) => ({ dealId, field, seenAt }))).toEqual([
      { dealId: 'a', field: 'added', seenAt: minutes(10) },
      { dealId: 'old', field: 'added', seenAt: minutes(10) },
    ]);
    expect(historyKnownSince(db)).toBe(minutes(10));
    // Once.
    fillModelIfPending(db, minutes(20));
    expect(journalSince(db, 0)).toHaveLength(2);
    db.close();
  });
});
