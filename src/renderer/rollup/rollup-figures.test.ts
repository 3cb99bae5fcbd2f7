import { describe, expect, it } from 'vitest';
import type { DealOverlay, RollupDeal } from '../../shared/rollup';
import { dealCall, figuresOf } from './rollup-figures';

function deal(id: string, fields: Partial<RollupDeal> = {}): RollupDeal {
  return {
    id,
    title: `Deal ${id}`,
    status: 'OPEN',
    ownerId: 'mem_ana',
    month: '2026-11',
    closeDate: '2026-11-15T12:00:00.000Z',
    currency: 'EUR',
    amount: 10_000,
    probability: 40,
    overlay: null,
    ...fields,
  };
}

const called = (overlay: DealOverlay, fields: Partial<RollupDeal> = {}) => deal('x', { overlay, ...fields });

describe('the roll-up’s figures', () => {
  it('sums amounts and the model’s number over the deals that have them, and counts those that do not', () => {
    const figures = figuresOf(
      [
        deal('a'),
        deal('b', { amount: 20_000, probability: 25 }),
        deal('no-amount', { amount: null }),
        deal('no-probability', { amount: 5_000, probability: null }),
        deal('neither', { amount: null, probability: null }),
        deal('zero', { amount: 0, probability: 90 }),
      ],
      2,
      'EUR',
    );
    expect(figures).toEqual({
      deals: 6,
      slipped: 2,
      money: [
        {
          currency: 'EUR',
          deals: 6,
          amount: 35_000,
          withoutAmount: 2,
          model: 4_000 + 5_000,
          withoutProbability: 2,
          unweighed: 3,
          call: 9_000,
          callUnknown: 3,
          commit: 0,
          bestCase: 0,
        },
      ],
    });
  });

  it('never adds amounts of two currencies: one line each, the workspace’s first, then others, none named last', () => {
    const figures = figuresOf(
      [
        deal('usd', { currency: 'USD', amount: 7_000 }),
        deal('unnamed', { currency: null, amount: 3_000 }),
        deal('eur', { amount: 10_000 }),
        deal('chf', { currency: 'CHF', amount: 1_000 }),
      ],
      0,
      'EUR',
    );
    expect(figures.money.map(({ currency, deals, amount, model }) => ({ currency, deals, amount, model }))).toEqual([
      { currency: 'EUR', deals: 1, amount: 10_000, model: 4_000 },
      { currency: 'CHF', deals: 1, amount: 1_000, model: 400 },
      { currency: 'USD', deals: 1, amount: 7_000, model: 2_800 },
      { currency: null, deals: 1, amount: 3_000, model: 1_200 },
    ]);
    expect(figuresOf([], 1, 'EUR')).toEqual({ deals: 0, slipped: 1, money: [] });
  });

  it('counts the manager’s call: Commit in full, Omit as nothing, Best case at the model’s odds, on their own amount', () => {
    expect(dealCall(deal('model'))).toBe(4_000);
    expect(dealCall(called({ call: 'commit', amount: null }))).toBe(10_000);
    expect(dealCall(called({ call: 'commit', amount: 12_500 }))).toBe(12_500);
    expect(dealCall(called({ call: 'omit', amount: 12_500 }))).toBe(0);
    expect(dealCall(called({ call: 'best-case', amount: 15_000 }))).toBe(6_000);
    expect(dealCall(called({ call: null, amount: 15_000 }))).toBe(6_000);
    // A commit stands without a probability, and makes a deal without an amount countable.
    expect(dealCall(called({ call: 'commit', amount: 8_000 }, { amount: null, probability: null }))).toBe(8_000);
    expect(dealCall(called({ call: 'commit', amount: null }, { amount: null }))).toBeNull();
    expect(dealCall(called({ call: 'best-case', amount: null }, { probability: null }))).toBeNull();

    const figures = figuresOf(
      [
        deal('commit', { overlay: { call: 'commit', amount: 12_500 } }),
        deal('best', { overlay: { call: 'best-case', amount: null } }),
        deal('omit', { overlay: { call: 'omit', amount: null } }),
        deal('model'),
        deal('unknown', { probability: null }),
      ],
      0,
      'EUR',
    ).money[0]!;
    expect(figures).toMatchObject({
      model: 16_000,
      unweighed: 1,
      call: 12_500 + 4_000 + 0 + 4_000,
      callUnknown: 1,
      commit: 12_500,
      bestCase: 10_000,
    });
  });
});
