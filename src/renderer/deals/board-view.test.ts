import { describe, expect, it } from 'vitest';
import {
  type BoardView,
  type CardFacts,
  compareCards,
  defaultBoardView,
  inRanges,
  parseAmount,
  parseDay,
  parseRange,
  readBoardView,
  writeBoardView,
} from './board-view';

const card = (facts: Partial<CardFacts> & { id?: string }): CardFacts & { id?: string } => ({
  closeDate: null,
  amount: null,
  probability: null,
  lastActivityAt: null,
  ...facts,
});

describe('board ranges', () => {
  it('reads either end open, and refuses an end that does not parse or a low end above the high', () => {
    expect(parseRange('1000..5000', parseAmount)).toEqual({ low: 1000, high: 5000 });
    expect(parseRange('..5000', parseAmount)).toEqual({ low: null, high: 5000 });
    expect(parseRange('2026-01-31..', parseDay)).toEqual({ low: '2026-01-31', high: null });
    expect(parseRange('..', parseDay)).toEqual({ low: null, high: null });
    expect(parseRange('5000..1000', parseAmount)).toBeNull();
    expect(parseRange('2026-02-30..', parseDay)).toBeNull();
    expect(parseRange('1e3..', parseAmount)).toBeNull();
    expect(parseRange('-5..', parseAmount)).toBeNull();
    expect(parseRange('1000', parseAmount)).toBeNull();
    expect(parseRange('1..2..3', parseAmount)).toBeNull();
  });

  it('compares days as calendar days, and amounts as numbers', () => {
    expect(parseRange('2026-03-09..2026-03-10', parseDay)).not.toBeNull();
    expect(parseRange('900..1000', parseAmount)).toEqual({ low: 900, high: 1000 });
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('12.')).toBeNull();
  });

  it('keeps a card whose values fall inside both inclusive ranges; one without the value fails a set range', () => {
    const view = { closeDate: { from: '2026-03-01', to: '2026-03-31' }, amount: { min: 1000, max: 5000 } };
    expect(inRanges(card({ closeDate: '2026-03-31', amount: 1000 }), view)).toBe(true);
    expect(inRanges(card({ closeDate: '2026-03-31T23:00:00Z', amount: 5000 }), view)).toBe(true);
    expect(inRanges(card({ closeDate: '2026-04-01T00:00:00Z', amount: 3000 }), view)).toBe(false);
    expect(inRanges(card({ closeDate: '2026-03-15', amount: 5000.5 }), view)).toBe(false);
    expect(inRanges(card({ closeDate: null, amount: 3000 }), view)).toBe(false);
    expect(inRanges(card({ closeDate: '2026-03-15', amount: null }), view)).toBe(false);
    expect(inRanges(card({}), defaultBoardView)).toBe(true);
  });
});

describe('board sort', () => {
  const cards = [
    card({ id: 'a', amount: 300, probability: 40, closeDate: '2026-05-01', lastActivityAt: '2026-01-02T00:00:00Z' }),
    card({ id: 'b', amount: null, probability: null, closeDate: null, lastActivityAt: null }),
    card({ id: 'c', amount: 100, probability: 90, closeDate: '2026-03-01', lastActivityAt: '2026-02-01T00:00:00Z' }),
    card({ id: 'd', amount: 300, probability: 10, closeDate: '2026-04-01T12:00:00Z', lastActivityAt: undefined }),
  ];
  const order = (key: Parameters<typeof compareCards>[0], direction: 'asc' | 'desc') =>
    [...cards].sort(compareCards(key, direction)).map((c) => c.id);

  it('orders by each value both ways, cards without the value last either way', () => {
    expect(order('amount', 'desc')).toEqual(['a', 'd', 'c', 'b']);
    expect(order('amount', 'asc')).toEqual(['c', 'a', 'd', 'b']);
    expect(order('probability', 'desc')).toEqual(['c', 'a', 'd', 'b']);
    expect(order('probability', 'asc')).toEqual(['d', 'a', 'c', 'b']);
    expect(order('close-date', 'asc')).toEqual(['c', 'd', 'a', 'b']);
    expect(order('close-date', 'desc')).toEqual(['a', 'd', 'c', 'b']);
    expect(order('activity', 'desc')).toEqual(['c', 'a', 'b', 'd']);
    expect(order('activity', 'asc')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('keeps the service order between equal values', () => {
    expect(order('amount', 'asc').filter((id) => id === 'a' || id === 'd')).toEqual(['a', 'd']);
  });
});

describe('board view in the address', () => {
  const view: BoardView = {
    shown: ['OPEN', 'WON', 'DELETED'],
    owner: 'me',
    atRiskOnly: true,
    closeDate: { from: '2026-01-01', to: null },
    amount: { min: 1000, max: 50000 },
    sort: { key: 'probability', direction: 'desc' },
  };

  it('writes every part and reads it back', () => {
    const query = writeBoardView(view);
    expect(query).toBe(
      'show=open%2Cwon%2Cdeleted&owner=me&risk=1&close=2026-01-01..&amount=1000..50000&sort=probability-desc',
    );
    expect(readBoardView(new URLSearchParams(query))).toEqual(view);
  });

  it('writes nothing for the default view, and reads an empty query as it', () => {
    expect(writeBoardView(defaultBoardView)).toBe('');
    expect(readBoardView(new URLSearchParams(''))).toEqual(defaultBoardView);
  });

  it('falls back per part on what it cannot read', () => {
    const read = readBoardView(
      new URLSearchParams('show=open,nonsense&close=2026-13-01..&amount=9..1&sort=amount-sideways&risk=yes'),
    );
    expect(read).toEqual({ ...defaultBoardView, shown: ['OPEN'] });
    expect(readBoardView(new URLSearchParams('show=')).shown).toEqual([]);
  });
});
