import { describe, expect, it } from 'vitest';
import type { JournalEntry, JournalField } from './deal-journal';
import { type HeldDealFacts, journalChanges } from './journal-changes';

const T0 = Date.parse('2026-11-09T09:00:00Z');
const hours = (n: number) => T0 + n * 3_600_000;
const SINCE = hours(0);
const WINDOW = { since: SINCE, newFrom: SINCE };

const held: Record<string, HeldDealFacts> = {
  acme: { title: 'Acme renewal', status: 'OPEN', ownerId: 'mem_ana', createdMs: hours(-24 * 90), gone: false },
  fresh: { title: 'Fresh logo', status: 'OPEN', ownerId: 'mem_ben', createdMs: hours(2), gone: false },
  old: { title: 'Old account', status: 'LOST', ownerId: 'mem_ben', createdMs: hours(-24 * 400), gone: true },
};
const dealOf = (id: string) => held[id] ?? null;

const fields = (status: string, amount: number | null = 40_000) => ({
  status,
  title: 'Acme renewal',
  forecast_amount: amount,
  close_date: '2026-12-15T00:00:00.000Z',
  owner_id: 'mem_ana',
});

/** A synthetic journal: rows in the order given, each seen at its hour. */
function journal(...rows: [dealId: string, field: JournalField, before: unknown, after: unknown, hour: number][]) {
  return rows.map(
    ([dealId, field, before, after, hour], index): JournalEntry => ({
      seq: index + 1,
      dealId,
      field,
      before,
      after,
      factor: null,
      seenAt: hours(hour),
    }),
  );
}

const kinds = (entries: JournalEntry[]) => journalChanges(entries, WINDOW, dealOf).changes.map((change) => change.kind);

describe('what changed in the deals, from the journal', () => {
  it('lists each kind of change to a deal with its values before and after, seen when the copy saw it', () => {
    const { changes } = journalChanges(
      journal(
        ['acme', 'added', null, fields('OPEN'), -24 * 30],
        ['acme', 'status', 'OPEN', 'ON_HOLD', 1],
        ['acme', 'title', 'Acme', 'Acme renewal', 2],
        ['acme', 'owner_id', 'mem_ben', 'mem_ana', 3],
        ['acme', 'forecast_amount', 40_000, 52_500, 4],
        ['acme', 'forecast_amount', 52_500, null, 5],
      ),
      WINDOW,
      dealOf,
    );
    const deal = {
      dealId: 'acme',
      dealTitle: 'Acme renewal',
      dealStatus: 'OPEN',
      dealGone: false,
      ownerId: 'mem_ana',
    };
    expect(changes).toEqual([
      {
        ...deal,
        key: 'journal-2',
        at: new Date(hours(1)).toISOString(),
        kind: 'status',
        before: 'OPEN',
        after: 'ON_HOLD',
      },
      {
        ...deal,
        key: 'journal-3',
        at: new Date(hours(2)).toISOString(),
        kind: 'title',
        before: 'Acme',
        after: 'Acme renewal',
      },
      {
        ...deal,
        key: 'journal-4',
        at: new Date(hours(3)).toISOString(),
        kind: 'owner',
        before: 'mem_ben',
        after: 'mem_ana',
      },
      {
        ...deal,
        key: 'journal-5',
        at: new Date(hours(4)).toISOString(),
        kind: 'amount',
        before: 40_000,
        after: 52_500,
      },
      { ...deal, key: 'journal-6', at: new Date(hours(5)).toISOString(), kind: 'amount', before: 52_500, after: null },
    ]);
  });

  it('counts every push of a close date the copy saw, those before the bookmark too, and a pull-in is no push', () => {
    const { changes } = journalChanges(
      journal(
        ['acme', 'close_date', '2026-10-31T00:00:00.000Z', '2026-11-30T00:00:00.000Z', -48],
        ['acme', 'close_date', '2026-11-30T00:00:00.000Z', '2026-12-15T00:00:00Z', 1],
        ['acme', 'close_date', '2026-12-15T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 2],
        ['acme', 'close_date', '2026-12-01T00:00:00.000Z', null, 3],
        ['acme', 'close_date', null, '2027-01-31T00:00:00.000Z', 4],
      ),
      WINDOW,
      dealOf,
    );
    expect(
      changes.map((change) => change.kind === 'close-date' && [change.before, change.after, change.pushes]),
    ).toEqual([
      ['2026-11-30T00:00:00.000Z', '2026-12-15T00:00:00Z', 2],
      ['2026-12-15T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 2],
      ['2026-12-01T00:00:00.000Z', null, 2],
      [null, '2027-01-31T00:00:00.000Z', 2],
    ]);
  });

  it('gives a win probability’s move with the factor that moved most and its reason', () => {
    const entries = journal(['acme', 'probability', 62, 41, 1]);
    const factor = { factorId: 'budget', before: 30, after: 5, reason: 'No budget owner named on the last call' };
    entries[0]!.factor = factor;
    expect(journalChanges(entries, WINDOW, dealOf).changes).toMatchObject([
      { kind: 'probability', before: 62, after: 41, factor },
    ]);
  });

  it('shows a change and its undoing inside the window both', () => {
    expect(
      journalChanges(
        journal(['acme', 'status', 'OPEN', 'WON', 1], ['acme', 'status', 'WON', 'OPEN', 2]),
        WINDOW,
        dealOf,
      ).changes.map((change) => change.kind === 'status' && [change.before, change.after]),
    ).toEqual([
      ['OPEN', 'WON'],
      ['WON', 'OPEN'],
    ]);
  });

  it('shows a deal removed and then back, with its fields as last seen and as seen again', () => {
    const { changes } = journalChanges(
      journal(
        ['acme', 'added', null, fields('OPEN'), -100],
        ['acme', 'removed', fields('OPEN'), null, 1],
        ['acme', 'added', null, fields('ON_HOLD', 30_000), 3],
      ),
      WINDOW,
      dealOf,
    );
    expect(changes).toMatchObject([
      { kind: 'removed', fields: fields('OPEN') },
      { kind: 'back', fields: fields('ON_HOLD', 30_000) },
    ]);
  });

  it('calls a deal new when created since; one created before that the copy first sees now is counted, not listed', () => {
    const firstSeenNow = journal(
      ['fresh', 'added', null, fields('OPEN'), 2],
      ['acme', 'added', null, fields('OPEN'), 1],
      ['old', 'added', null, fields('LOST'), 1],
    );
    const result = journalChanges(firstSeenNow, WINDOW, dealOf);
    expect(result.changes).toMatchObject([
      { kind: 'new-deal', dealId: 'fresh', dealTitle: 'Fresh logo', createdAt: new Date(hours(2)).toISOString() },
    ]);
    expect(result.firstSeen).toBe(2);

    // Created after the copy began watching, before the bookmark, and seen only after it: new to the manager.
    const watchingSince = { since: SINCE, newFrom: hours(-24 * 100) };
    expect(journalChanges(firstSeenNow, watchingSince, dealOf)).toMatchObject({
      changes: [
        { kind: 'new-deal', dealId: 'fresh' },
        { kind: 'new-deal', dealId: 'acme' },
      ],
      firstSeen: 1,
    });
  });

  it('leaves out what the copy saw before the bookmark, and a removed deal keeps its last title', () => {
    expect(kinds(journal(['acme', 'status', 'OPEN', 'WON', -1], ['acme', 'forecast_amount', 1, 2, 0]))).toEqual([
      'amount',
    ]);
    expect(journalChanges(journal(['gone', 'removed', fields('OPEN'), null, 1]), WINDOW, dealOf).changes).toMatchObject(
      [{ kind: 'removed', dealId: 'gone', dealTitle: 'Acme renewal', dealStatus: null, ownerId: null }],
    );
  });
});
