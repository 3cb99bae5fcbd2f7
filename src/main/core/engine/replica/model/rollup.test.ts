import { describe, expect, it } from 'vitest';
import { WHOLE_WORKSPACE } from '../../../../../shared/copy-scope';
import type { RollupQuery } from '../../../../../shared/rollup';
import { forgetRecords } from '../forget-records';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { applyScopeAt } from '../sync/applied-scope';
import { syncStore } from '../sync/sync-store';
import { overlaysIn, writeOverlay } from './deal-overlays';
import { rollupFromCopy } from './rollup';

type Deal = Record<string, unknown> & { id: string };

const T0 = Date.parse('2026-10-05T09:00:00Z');
const hours = (n: number) => T0 + n * 3_600_000;
const at = (n: number) => new Date(hours(n)).toISOString();

function deal(id: string, fields: Record<string, unknown> = {}): Deal {
  return {
    id,
    title: `Deal ${id}`,
    status: 'OPEN',
    owner_id: 'mem_ana',
    forecast_amount: 10_000,
    // Mid-month: the same month in every zone the tests may run in.
    close_date: '2026-11-15T12:00:00.000Z',
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

/** A round of the sync: the deals list walked to its end at `time`, then each deal's detail with its probability. */
function syncRound(replica: Replica, time: number, deals: Deal[], probabilities: Record<string, number | null> = {}) {
  const store = syncStore(replica);
  store.openRound(applyScopeAt(WHOLE_WORKSPACE, time), time);
  store.recordPage(
    'deals',
    { op: 'listDeals', params: canonicalParams({ limit: 100 }), body: { data: deals }, at: time },
    null,
    1,
  );
  for (const record of deals) {
    const probability = Object.hasOwn(probabilities, record.id) ? probabilities[record.id] : 50;
    replica.answers.put(
      'getDeal',
      canonicalParams({ id: record.id }),
      { data: { ...record, probability, score_factors: [] }, meta: {} },
      time,
    );
  }
  store.closeRound(new Date(time).toISOString());
}

function members(replica: Replica) {
  const data = [
    { id: 'mem_ana', display_name: 'Ana Silva', email: 'ana@example.com' },
    { id: 'mem_ben', display_name: 'Ben Okafor', email: 'ben@example.com' },
  ];
  replica.answers.put('listMembers', canonicalParams({}), { data, meta: {} }, hours(0));
}

const quarter = (fields: Partial<RollupQuery> = {}): RollupQuery => ({
  from: '2026-10',
  to: '2026-12',
  since: at(0),
  statuses: ['OPEN', 'ON_HOLD'],
  ...fields,
});

const copy = { workspaceCurrency: 'EUR', storage: 'memory' } as const;

describe('the roll-up from the local copy', () => {
  it('places each deal of the range in its owner’s close month, missing amounts and probabilities as unknown, never 0', () => {
    const replica = memoryReplica();
    members(replica);
    syncRound(
      replica,
      hours(1),
      [
        deal('a'),
        deal('b', { forecast_amount: null, close_date: '2026-10-20T12:00:00.000Z' }),
        deal('c', { owner_id: 'mem_ben', close_date: '2026-12-01' }),
        deal('d', { owner_id: null, status: 'ON_HOLD' }),
        deal('won', { status: 'WON' }),
        deal('later', { close_date: '2027-01-15T12:00:00.000Z' }),
        deal('undated', { close_date: null }),
        deal('unreadable', { close_date: 'soon' }),
      ],
      { c: null },
    );
    const rollup = rollupFromCopy(replica.db, quarter(), copy);
    expect(rollup.months).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(
      rollup.deals.map(({ id, ownerId, month, amount, probability, currency, overlay }) => ({
        id,
        ownerId,
        month,
        amount,
        probability,
        currency,
        overlay,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          id: 'a',
          ownerId: 'mem_ana',
          month: '2026-11',
          amount: 10_000,
          probability: 50,
          currency: 'EUR',
          overlay: null,
        },
        {
          id: 'b',
          ownerId: 'mem_ana',
          month: '2026-10',
          amount: null,
          probability: 50,
          currency: 'EUR',
          overlay: null,
        },
        // A bare date is its own day's month wherever the reader is.
        {
          id: 'c',
          ownerId: 'mem_ben',
          month: '2026-12',
          amount: 10_000,
          probability: null,
          currency: 'EUR',
          overlay: null,
        },
        { id: 'd', ownerId: null, month: '2026-11', amount: 10_000, probability: 50, currency: 'EUR', overlay: null },
      ]),
    );
    expect(rollup.deals).toHaveLength(4);
    expect(rollup.withoutCloseDate).toBe(2);
    expect(rollup.owners).toEqual([
      { id: 'mem_ana', name: 'Ana Silva' },
      { id: 'mem_ben', name: 'Ben Okafor' },
      { id: null, name: null },
    ]);
    expect(rollup).toMatchObject({ workspaceCurrency: 'EUR', partial: null, overlaysKept: 'memory' });
    expect(rollupFromCopy(replica.db, quarter({ statuses: ['WON'] }), copy).deals.map((d) => d.id)).toEqual(['won']);
  });

  it('takes a deal’s own currency when its record names one, and the workspace’s otherwise (none named: null)', () => {
    const replica = memoryReplica();
    syncRound(replica, hours(1), [deal('eur'), deal('usd', { currency: 'usd' }), deal('odd', { currency: 'dollars' })]);
    const currencies = (workspaceCurrency: string | null) =>
      Object.fromEntries(
        rollupFromCopy(replica.db, quarter(), { ...copy, workspaceCurrency }).deals.map((d) => [d.id, d.currency]),
      );
    expect(currencies('EUR')).toEqual({ eur: 'EUR', usd: 'USD', odd: 'EUR' });
    expect(currencies(null)).toEqual({ eur: null, usd: 'USD', odd: null });
  });

  it('counts a deal pushed out of its month since the bookmark in the row and month it left, and no other move', () => {
    const replica = memoryReplica();
    members(replica);
    const first = [
      deal('pushed'),
      deal('moved-owner', { close_date: '2026-10-15T12:00:00.000Z' }),
      deal('back', { close_date: '2026-12-10T12:00:00.000Z' }),
      deal('pulled', { close_date: '2026-12-10T12:00:00.000Z' }),
      deal('within', { close_date: '2026-11-02T12:00:00.000Z' }),
      deal('won', { close_date: '2026-11-02T12:00:00.000Z' }),
      deal('before', { close_date: '2026-11-02T12:00:00.000Z' }),
    ];
    syncRound(replica, hours(1), first);
    // Before the bookmark: not since.
    syncRound(replica, hours(2), [...first.slice(0, 6), deal('before', { close_date: '2027-02-01T12:00:00.000Z' })]);
    const bookmark = hours(3);
    const second = [
      deal('pushed', { close_date: '2027-01-20T12:00:00.000Z' }),
      deal('moved-owner', { close_date: '2026-11-15T12:00:00.000Z', owner_id: 'mem_ben' }),
      deal('back', { close_date: '2027-03-01T12:00:00.000Z' }),
      deal('pulled', { close_date: '2026-10-10T12:00:00.000Z' }),
      deal('within', { close_date: '2026-11-28T12:00:00.000Z' }),
      deal('won', { close_date: '2027-01-02T12:00:00.000Z', status: 'WON' }),
      deal('before', { close_date: '2027-02-01T12:00:00.000Z' }),
      // Created after the bookmark, in November: it was not there to slip.
      deal('new', { created_at: at(3.5) }),
    ];
    syncRound(replica, hours(4), second);
    syncRound(replica, hours(5), [
      ...second.filter((record) => !['back', 'new'].includes(record.id)),
      deal('back', { close_date: '2026-12-20T12:00:00.000Z' }),
      deal('new', { created_at: at(3.5), close_date: '2027-01-15T12:00:00.000Z' }),
    ]);

    const rollup = rollupFromCopy(replica.db, quarter({ since: new Date(bookmark).toISOString() }), copy);
    expect(rollup.slipped).toEqual([
      {
        id: 'pushed',
        title: 'Deal pushed',
        ownerId: 'mem_ana',
        month: '2026-11',
        closeDateThen: '2026-11-15T12:00:00.000Z',
        closeDateNow: '2027-01-20T12:00:00.000Z',
      },
      {
        id: 'moved-owner',
        title: 'Deal moved-owner',
        ownerId: 'mem_ana',
        month: '2026-10',
        closeDateThen: '2026-10-15T12:00:00.000Z',
        closeDateNow: '2026-11-15T12:00:00.000Z',
      },
    ]);
    // The owner a deal had at the bookmark keeps a row, with nothing in it now but the slip.
    expect(rollup.deals.find((d) => d.id === 'moved-owner')).toMatchObject({ ownerId: 'mem_ben', month: '2026-11' });
    expect(rollup.historyKnownSince).toBe(at(1));
  });

  it('counts from the start of the copy’s history a bookmark older than that, each deal as first seen', () => {
    const replica = memoryReplica();
    syncRound(replica, hours(1), [deal('pushed'), deal('steady')]);
    syncRound(replica, hours(2), [
      deal('pushed', { close_date: '2027-01-20T12:00:00.000Z' }),
      deal('steady'),
      // Never seen before, but in the pipeline long before: as first seen, it stands at the bookmark.
      deal('late', { close_date: '2026-12-05T12:00:00.000Z' }),
    ]);
    syncRound(replica, hours(3), [
      deal('pushed', { close_date: '2027-01-20T12:00:00.000Z' }),
      deal('steady'),
      deal('late', { close_date: '2027-02-05T12:00:00.000Z' }),
    ]);
    const rollup = rollupFromCopy(replica.db, quarter({ since: at(-100) }), copy);
    expect(rollup.slipped.map(({ id, month }) => ({ id, month }))).toEqual([
      { id: 'pushed', month: '2026-11' },
      { id: 'late', month: '2026-12' },
    ]);
    expect(rollup.historyKnownSince).toBe(at(1));
  });

  it('keeps the manager’s overlay on a deal, says what it was before so a change can be undone, and removes it', () => {
    const replica = memoryReplica();
    syncRound(replica, hours(1), [deal('a'), deal('b')]);
    expect(writeOverlay(replica.db, 'a', { call: 'commit', amount: null }, hours(2))).toEqual({
      dealId: 'a',
      before: null,
      after: { call: 'commit', amount: null },
    });
    const change = writeOverlay(replica.db, 'a', { call: 'best-case', amount: 12_500 }, hours(3));
    expect(change).toEqual({
      dealId: 'a',
      before: { call: 'commit', amount: null },
      after: { call: 'best-case', amount: 12_500 },
    });
    const overlayOfA = () => rollupFromCopy(replica.db, quarter(), copy).deals.find((d) => d.id === 'a')?.overlay;
    expect(overlayOfA()).toEqual({ call: 'best-case', amount: 12_500 });

    // Undo: what it was before, set again.
    expect(writeOverlay(replica.db, 'a', change.before, hours(4))).toEqual({
      dealId: 'a',
      before: { call: 'best-case', amount: 12_500 },
      after: { call: 'commit', amount: null },
    });
    expect(overlayOfA()).toEqual({ call: 'commit', amount: null });
    expect(writeOverlay(replica.db, 'a', null, hours(5)).after).toBeNull();
    expect(overlayOfA()).toBeNull();
    // An overlay of neither a call nor an amount is none.
    writeOverlay(replica.db, 'b', { call: null, amount: null }, hours(6));
    expect(overlaysIn(replica.db).size).toBe(0);
  });

  it('keeps the manager’s overlay when the copy forgets the deal (a narrower scope), and shows it when the deal is back', () => {
    const replica = memoryReplica();
    syncRound(replica, hours(1), [deal('a')]);
    writeOverlay(replica.db, 'a', { call: 'omit', amount: null }, hours(2));
    forgetRecords(replica.db, 'deals', ['a']);
    expect(rollupFromCopy(replica.db, quarter(), copy).deals).toEqual([]);
    syncRound(replica, hours(3), [deal('a')]);
    expect(rollupFromCopy(replica.db, quarter(), copy).deals[0]?.overlay).toEqual({ call: 'omit', amount: null });
  });

  it('says so while the copy has not finished reading the deals', () => {
    const replica = memoryReplica();
    replica.answers.put('listDeals', canonicalParams({ status: 'OPEN' }), { data: [deal('a')], meta: {} }, hours(1));
    const rollup = rollupFromCopy(replica.db, quarter(), copy);
    expect(rollup.deals.map((d) => d.id)).toEqual(['a']);
    expect(rollup.partial).toMatch(/still reading/);
  });
});
