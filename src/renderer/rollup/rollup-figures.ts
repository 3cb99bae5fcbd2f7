import type { RollupDeal } from '../../shared/rollup';

/**
 * A set of deals' figures in one currency. Nothing unknown is counted as 0: a sum is over the
 * deals that have what it adds, and beside it how many do not.
 */
export interface MoneyFigures {
  /** ISO 4217, or null when neither the workspace nor the deals name one. */
  currency: string | null;
  deals: number;
  /** Σ of the amounts given. */
  amount: number;
  withoutAmount: number;
  /** The model's number: Σ amount × win probability, of the deals that have both. */
  model: number;
  withoutProbability: number;
  /** Deals the model's number leaves out: no amount, no probability, or neither. */
  unweighed: number;
  /** The manager's call: Σ of each deal's call (dealCall), of the deals whose call can be said. */
  call: number;
  /** Deals whose call cannot be said (a deal left to the model's number, which has none for it). */
  callUnknown: number;
  /** Σ of the deals the manager committed, at their own amount where they gave one. */
  commit: number;
  /** Σ of the deals the manager called best case, likewise. */
  bestCase: number;
}

export interface Figures {
  deals: number;
  slipped: number;
  /** One entry per currency, the workspace's first: amounts of two currencies are never added. */
  money: MoneyFigures[];
}

/** The model's number for one deal: its amount at its win probability; null when either is missing. */
export function modelOf(deal: RollupDeal): number | null {
  return deal.amount === null || deal.probability === null ? null : (deal.amount * deal.probability) / 100;
}

/** The amount the manager's call counts: their own where they gave one, else the deal's. */
const ownAmountOf = (deal: RollupDeal) => deal.overlay?.amount ?? deal.amount;

/**
 * What the manager's call counts of a deal, the way the model's number counts it (an expected
 * amount): Commit in full, Omit as nothing, Best case and no call at the model's odds, on the
 * manager's amount where they gave one. Null when that cannot be said.
 */
export function dealCall(deal: RollupDeal): number | null {
  const amount = ownAmountOf(deal);
  const call = deal.overlay?.call ?? null;
  if (call === 'omit') return 0;
  if (call === 'commit') return amount;
  return amount === null || deal.probability === null ? null : (amount * deal.probability) / 100;
}

function emptyMoney(currency: string | null): MoneyFigures {
  return {
    currency,
    deals: 0,
    amount: 0,
    withoutAmount: 0,
    model: 0,
    withoutProbability: 0,
    unweighed: 0,
    call: 0,
    callUnknown: 0,
    commit: 0,
    bestCase: 0,
  };
}

function add(money: MoneyFigures, deal: RollupDeal): void {
  money.deals += 1;
  if (deal.amount === null) money.withoutAmount += 1;
  else money.amount += deal.amount;
  if (deal.probability === null) money.withoutProbability += 1;
  const model = modelOf(deal);
  if (model === null) money.unweighed += 1;
  else money.model += model;
  const call = dealCall(deal);
  if (call === null) money.callUnknown += 1;
  else money.call += call;
  const own = ownAmountOf(deal) ?? 0;
  if (deal.overlay?.call === 'commit') money.commit += own;
  if (deal.overlay?.call === 'best-case') money.bestCase += own;
}

/** The figures of these deals, and of the slips counted beside them; the workspace's currency first. */
export function figuresOf(deals: readonly RollupDeal[], slipped: number, workspaceCurrency: string | null): Figures {
  const byCurrency = new Map<string | null, MoneyFigures>();
  for (const deal of deals) {
    let money = byCurrency.get(deal.currency);
    if (!money) {
      money = emptyMoney(deal.currency);
      byCurrency.set(deal.currency, money);
    }
    add(money, deal);
  }
  const rank = (currency: string | null) => (currency === workspaceCurrency ? 0 : currency === null ? 2 : 1);
  const money = [...byCurrency.values()].sort(
    (a, b) => rank(a.currency) - rank(b.currency) || (a.currency ?? '').localeCompare(b.currency ?? ''),
  );
  return { deals: deals.length, slipped, money };
}
