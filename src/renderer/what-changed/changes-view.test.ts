import { describe, expect, it } from 'vitest';
import type { DealChange } from '../../shared/what-changed';
import { groupChanges, kindCounts, NO_OWNER, readChangesView, shownChanges, writeChangesView } from './changes-view';

const change = (key: string, kind: string, ownerId: string | null, dealStatus: string | null) =>
  ({ key, kind, ownerId, dealStatus, at: '2026-11-10T09:00:00.000Z' }) as DealChange;
const changes = [
  change('a', 'call', null, null),
  change('b', 'amount', 'mem_ben', 'OPEN'),
  change('c', 'status', 'mem_ana', 'WON'),
  change('d', 'amount', 'mem_ana', 'OPEN'),
];
const names: Record<string, string> = { mem_ana: 'Ana Silva', mem_ben: 'Ben Ode' };
const nameOf = (id: string) => names[id] ?? id;

describe('the What changed view', () => {
  it('groups by owner, names in order and no one last, or by kind in a review’s order, each newest first', () => {
    expect(
      groupChanges(changes, 'owner', nameOf).map((group) => [group.title, group.changes.map((c) => c.key)]),
    ).toEqual([
      ['Ana Silva', ['c', 'd']],
      ['Ben Ode', ['b']],
      ['No owner', ['a']],
    ]);
    expect(
      groupChanges(changes, 'kind', nameOf).map((group) => [group.title, group.changes.map((c) => c.key)]),
    ).toEqual([
      ['Status moves', ['c']],
      ['Amounts', ['b', 'd']],
      ['New calls', ['a']],
    ]);
    expect(kindCounts(changes)).toEqual([
      ['status', 1],
      ['amount', 2],
      ['call', 1],
    ]);
  });

  it('filters by owner (no one too) and by the deal’s status, and keeps it all in the address', () => {
    const view = readChangesView(new URLSearchParams('since=monday&owner=mem_ana&status=OPEN&group=kind'));
    expect(view).toEqual({ since: { kind: 'monday' }, owner: 'mem_ana', status: 'OPEN', group: 'kind' });
    expect(writeChangesView(view)).toBe('since=monday&owner=mem_ana&status=OPEN&group=kind');
    expect(shownChanges(changes, view).map((c) => c.key)).toEqual(['d']);
    expect(shownChanges(changes, { ...view, owner: NO_OWNER, status: null }).map((c) => c.key)).toEqual(['a']);
    expect(writeChangesView(readChangesView(new URLSearchParams()))).toBe('');
  });
});
