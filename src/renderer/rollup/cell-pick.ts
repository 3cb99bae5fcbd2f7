import type { Rollup } from '../../shared/rollup';
import { type Figures, figuresOf } from './rollup-figures';

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
