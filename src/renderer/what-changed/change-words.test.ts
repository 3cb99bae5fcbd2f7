import { describe, expect, it } from 'vitest';
import type { DealChange } from '../../shared/what-changed';
import { changeWords, type WordsContext } from './change-words';

const context: WordsContext = {
  nameOf: (id) => ({ mem_ana: 'Ana Silva', mem_ben: 'Ben Ode' })[id] ?? id,
  currency: 'EUR',
  locale: 'en-GB',
  timeZone: 'UTC',
};
const base = {
  key: 'k',
  at: '2026-11-10T09:00:00.000Z',
  dealId: 'acme',
  dealTitle: 'Acme',
  dealStatus: 'OPEN',
  dealGone: false,
  ownerId: 'mem_ana',
};
const say = (change: Record<string, unknown>) => changeWords({ ...base, ...change } as DealChange, context);

describe('a change in words', () => {
  it('gives an amount’s move with its difference, up or down', () => {
    expect(say({ kind: 'amount', before: 40_000, after: 52_500 })).toEqual({
      label: 'Amount up',
      detail: '€40,000 → €52,500 (+€12,500)',
      direction: 'up',
    });
    expect(say({ kind: 'amount', before: 40_000, after: 30_000 })).toMatchObject({
      label: 'Amount down',
      detail: '€40,000 → €30,000 (−€10,000)',
    });
    expect(say({ kind: 'amount', before: null, after: 5 })).toMatchObject({ label: 'Amount set', detail: '€5' });
  });

  it('says how far a close date moved, and how often the deal was pushed', () => {
    const change = { kind: 'close-date', before: '2026-11-30T00:00:00.000Z', after: '2026-12-15T00:00:00.000Z' };
    expect(say({ ...change, pushes: 3 })).toMatchObject({
      label: 'Close date pushed out',
      detail: '30 Nov 2026 → 15 Dec 2026 (15 days later) · pushed 3 times so far',
    });
    expect(say({ kind: 'close-date', before: change.after, after: change.before, pushes: 1 })).toMatchObject({
      label: 'Close date pulled in',
      detail: '15 Dec 2026 → 30 Nov 2026 (15 days sooner) · pushed 1 time so far',
    });
  });

  it('names the factor that moved a win probability most, with its reason', () => {
    const factor = { factorId: 'budget_confirmed', before: 30, after: 5, reason: 'No budget owner named' };
    expect(say({ kind: 'probability', before: 62, after: 41, factor })).toEqual({
      label: 'Win probability down',
      detail: '62% → 41% · most moved: Budget confirmed 30 → 5 — No budget owner named',
      direction: 'down',
    });
  });

  it('says whom a call belongs to and what a checklist item was before', () => {
    expect(
      say({ kind: 'call', dealId: null, callId: 'v', callTitle: 'Intro', attributedBy: 'speaker', linkedBy: null }),
    ).toMatchObject({ label: 'New call', detail: 'Intro · no deal · Ana Silva speaks on it' });
    expect(
      say({
        kind: 'checklist',
        callId: 'v2',
        callTitle: 'Demo',
        item: 'Budget confirmed',
        was: { status: 'PARTIALLY_MET', callId: 'v1', callTitle: 'Intro' },
      }),
    ).toMatchObject({ label: 'Checklist not met', detail: '“Budget confirmed” on Demo · was partially met on Intro' });
    expect(say({ kind: 'owner', before: null, after: 'mem_ben' })).toMatchObject({ detail: 'no owner → Ben Ode' });
  });
});
