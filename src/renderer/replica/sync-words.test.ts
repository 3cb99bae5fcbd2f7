import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../shared/bridge';
import { nextAttemptWords, storedWords, syncBarWords } from './sync-words';

const count = (known: number, synced: number, failing = 0, skippedIds: (string | null)[] = []) => ({
  known,
  synced,
  failing,
  skipped: skippedIds.length,
  skippedIds,
});

function status(change: Partial<SyncStatus>): SyncStatus {
  return {
    workspaceId: 'w',
    state: 'up-to-date',
    calls: count(10, 10),
    deals: count(3, 3),
    problem: null,
    nextAttemptAt: null,
    requestsPerSecond: 5,
    scope: { kind: 'everything' },
    scopeSince: null,
    ...change,
  };
}

describe('sync words', () => {
  it('counts what is stored, what could not be fetched yet and what could not be read, with ids', () => {
    expect(storedWords(count(175, 175))).toBe('175 of 175 stored');
    expect(storedWords(count(175, 170, 5))).toBe('170 of 175 stored · 5 could not be fetched yet');
    expect(storedWords(count(4, 4, 0, ['deal_9', null]))).toBe(
      '4 of 4 stored · 2 could not be read (ids deal_9, no id)',
    );
    expect(storedWords({ ...count(4, 4, 0, ['deal_9']), skipped: 12 })).toBe(
      '4 of 4 stored · 12 could not be read (id deal_9, …)',
    );
  });

  it('says nothing in the top bar when up to date, and never "synced" while calls are not fetched', () => {
    expect(syncBarWords(status({}))).toBeNull();
    expect(syncBarWords(status({ state: 'syncing', calls: count(175, 20) }))).toBe('syncing 20 of 175 calls');
    const now = Date.parse('2026-11-27T18:00:00');
    const waiting = status({
      state: 'waiting',
      calls: count(175, 170, 5),
      nextAttemptAt: new Date(now + 30 * 60_000).toISOString(),
    });
    expect(syncBarWords(waiting, now, 'en-GB')).toBe('5 calls not fetched yet, trying again at 18:30');
    expect(syncBarWords(status({ state: 'waiting', calls: count(175, 175) }), now)).toBe('sync not finished');
  });

  it('gives the date with the time when the next try is not today', () => {
    const now = Date.parse('2026-11-27T18:00:00');
    expect(nextAttemptWords(new Date(now + 60_000).toISOString(), now, 'en-GB')).toBe('18:01');
    expect(nextAttemptWords(new Date(now + 24 * 3600_000).toISOString(), now, 'en-GB')).toBe('28 Nov 2026 18:00');
    expect(nextAttemptWords(null)).toBeNull();
  });

  it('names the scope while syncing a copy that keeps part of the workspace', () => {
    const syncing = { state: 'syncing' as const, calls: count(40, 12) };
    expect(syncBarWords(status({ ...syncing, scope: { kind: 'recent', months: 3 } }))).toBe(
      'syncing 12 of 40 calls of the last 3 months',
    );
    expect(syncBarWords(status({ ...syncing, scope: { kind: 'owners', ownerIds: ['mem_1'] } }))).toBe(
      'syncing 12 of 40 calls of the chosen owners’ deals',
    );
  });
});
