import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '../../shared/notification-rules';
import { ruleWords, teamWords } from './rule-words';

const context = {
  nameOf: (id: string) => ({ mem_ana: 'Ana Silva', mem_ben: 'Ben Ode' })[id] ?? 'Unknown member',
  trackerName: () => 'Pricing',
  amount: (n: number) => n.toLocaleString('en-US'),
};
const base = { id: 'r', delivery: 'now' as const, team: { kind: 'all' as const } };

describe('a rule in words', () => {
  it('says each kind as the manager wrote it, and whose deals', () => {
    const rules: NotificationRule[] = [
      { ...base, kind: 'probability-drop', points: 15, team: { kind: 'members', memberIds: ['mem_ana', 'mem_ben'] } },
      { ...base, kind: 'tracker-said', trackerId: 'trk', side: 'buyer' },
      { ...base, kind: 'tracker-said', trackerId: null, side: 'anyone' },
      { ...base, kind: 'close-date-pushed', count: 2 },
      { ...base, kind: 'close-date-pushed', count: 1 },
      { ...base, kind: 'new-call-on-large-deal', amount: 50_000 },
    ];
    expect(rules.map((rule) => `${ruleWords(rule, context)} · ${teamWords(rule.team, context.nameOf)}`)).toEqual([
      'A deal loses 15 points of win probability or more · Deals of Ana Silva, Ben Ode',
      '“Pricing” is said by the buyer on a call · Any owner’s deals',
      'Any tracker is said by anyone on a call · Any owner’s deals',
      'A close date is pushed out a 2nd time or more · Any owner’s deals',
      'A close date is pushed out · Any owner’s deals',
      'A new call on a deal over 50,000 · Any owner’s deals',
    ]);
  });
});
