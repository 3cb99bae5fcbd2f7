import type { Rollup } from '../../shared/rollup';
import { monthWords, rangeWords } from './month-words';
import { type Figures, figuresOf } from './rollup-figures';

export const ownerWords = (name: string | null) => name ?? 'No owner';

/** A cell of the roll-up: an owner's row (null: every owner) and a month's column (null: the whole range). */
export interface CellPick {
  owner: { id: string | null } | null;
  month: string | null;
}

/** The same for two picks of one cell; the address of a cell's button in the page. */
export const pickKey = (pick: CellPick) => JSON.stringify([pick.owner && [pick.owner.id], pick.month]);

export function inPick(pick: CellPick, item: { ownerId: string | null; month: string }): boolean {
  return (pick.owner === null || pick.owner.id === item.ownerId) && (pick.month === null || pick.month === item.month);
}

/** What a cell counts: its deals, its slips, and their figures. */
export function cellOf(rollup: Rollup, pick: CellPick) {
  const deals = rollup.deals.filter((deal) => inPick(pick, deal));
  const slipped = rollup.slipped.filter((deal) => inPick(pick, deal));
  const figures: Figures = figuresOf(deals, slipped.length, rollup.workspaceCurrency);
  return { deals, slipped, figures };
}

/** A cell in words, as its heading says it: `Ana Silva · December 2026`, `All owners · Oct – Dec 2026`. */
export function cellWords(rollup: Rollup, pick: CellPick): string {
  const owner = pick.owner && rollup.owners.find((candidate) => candidate.id === pick.owner!.id);
  const who = pick.owner === null ? 'All owners' : ownerWords(owner?.name ?? pick.owner.id);
  return `${who} · ${pick.month === null ? rangeWords(rollup.months) : monthWords(pick.month, 'long')}`;
}
