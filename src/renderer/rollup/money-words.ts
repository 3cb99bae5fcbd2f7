import { formatAmount } from '../shared-ui/format';
import type { MoneyFigures } from './rollup-figures';

/** The manager's call against the model's number: `+€5,800`, `−€3,000`, `±0` (rounded as amounts are shown). */
export function differenceWords(difference: number, currency: string | null, locale?: string): string {
  if (Math.round(difference) === 0) return '±0';
  return `${difference > 0 ? '+' : '−'}${formatAmount(Math.abs(difference), locale, currency)}`;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a sum leaves out, in a few words each: the deals without an amount, or without a probability. */
export function gapWords(money: MoneyFigures): string[] {
  const gaps: string[] = [];
  if (money.withoutAmount > 0) gaps.push(`${money.withoutAmount} without an amount`);
  if (money.withoutProbability > 0) gaps.push(`${money.withoutProbability} without a probability`);
  return gaps;
}

/** The model's number and the manager's call as shown: a sum of no deal is no number (null), not 0. */
export function shownSums(money: MoneyFigures): { model: number | null; call: number | null } {
  return {
    model: money.unweighed < money.deals ? money.model : null,
    call: money.callUnknown < money.deals ? money.call : null,
  };
}

/** The difference of the call from the model's number, in words; empty when either is no number. */
export function shownDifference(money: MoneyFigures): string {
  const { model, call } = shownSums(money);
  return model === null || call === null ? '' : differenceWords(call - model, money.currency);
}

export const dealsWords = (count: number) => counted(count, 'deal', 'deals');
