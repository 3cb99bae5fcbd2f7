import type { DealStatus } from '../../shared/api/deals';
import type { ServedScoringFactor } from '../../shared/api/served';
import type { DealScoringInputs } from '../queries/deal-scoring-inputs';

export type { DealScoringInputs };

export interface DealScore {
  probability: number;
  factors: ServedScoringFactor[];
}

const BASE_PROBABILITY = 50;
const MIN_OPEN_PROBABILITY = 2;
const MAX_OPEN_PROBABILITY = 98;
const DAY_MS = 86_400_000;

/**
 * A transparent additive model: each factor adds or removes probability points from an even 50,
 * and the sum is clamped so an undecided deal never reads as certain. WON and LOST are decided
 * outcomes and score 100 and 0. Pure and deterministic: the same inputs and `now` give the same
 * score, so seeded history and live scorings agree.
 */
export function scoreDeal(inputs: DealScoringInputs, now: Date): DealScore {
  if (inputs.status === 'WON') {
    return { probability: 100, factors: [factor('deal_status', 50, 'The deal is won.')] };
  }
  if (inputs.status === 'LOST') {
    return { probability: 0, factors: [factor('deal_status', -50, 'The deal is lost.')] };
  }
  const factors = [
    statusFactor(inputs.status),
    recencyFactor(inputs.activityTimes, now),
    volumeFactor(inputs.activityTimes.length),
    checklistFactor(inputs.checklistItemStatuses),
    pricingFactor(inputs.salesEventTypes),
    nextStepFactor(inputs.salesEventTypes),
    objectionFactor(inputs.salesEventTypes),
    decisionMakerFactor(inputs.salesEventTypes),
    closeDateFactor(inputs.closeDate, now),
  ];
  const total = factors.reduce((sum, item) => sum + item.score, BASE_PROBABILITY);
  const probability = Math.min(MAX_OPEN_PROBABILITY, Math.max(MIN_OPEN_PROBABILITY, Math.round(total)));
  return { probability, factors };
}

function factor(factor_id: string, score: number, reason: string): ServedScoringFactor {
  return { factor_id, score, reason };
}

function statusFactor(status: DealStatus): ServedScoringFactor {
  if (status === 'ON_HOLD') return factor('deal_status', -15, 'The deal is on hold.');
  if (status === 'ARCHIVED' || status === 'DELETED') return factor('deal_status', -30, 'The deal is archived.');
  return factor('deal_status', 0, 'The deal is open.');
}

function recencyFactor(times: string[], now: Date): ServedScoringFactor {
  const latest = times.reduce((max, time) => Math.max(max, Date.parse(time)), Number.NEGATIVE_INFINITY);
  if (!Number.isFinite(latest)) return factor('activity_recency', -10, 'No activity has been recorded.');
  const days = Math.max(0, Math.floor((now.getTime() - latest) / DAY_MS));
  const ago = days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`;
  if (days <= 7) return factor('activity_recency', 10, `Last activity ${ago}: the deal is active.`);
  if (days <= 30) return factor('activity_recency', 3, `Last activity ${ago}.`);
  if (days <= 90) return factor('activity_recency', -8, `Last activity ${ago}: the deal is cooling.`);
  return factor('activity_recency', -15, `Last activity ${ago}: the deal has gone quiet.`);
}

function volumeFactor(count: number): ServedScoringFactor {
  const reason = `${count} recorded activit${count === 1 ? 'y' : 'ies'}.`;
  if (count === 0) return factor('activity_volume', -5, reason);
  if (count === 1) return factor('activity_volume', 0, reason);
  if (count <= 3) return factor('activity_volume', 5, reason);
  return factor('activity_volume', 8, reason);
}

function checklistFactor(statuses: string[]): ServedScoringFactor {
  if (statuses.length === 0) return factor('checklist_outcomes', 0, 'No analysed call has a checklist evaluation yet.');
  const credit = statuses.reduce((sum, status) => sum + checklistCredit(status), 0);
  const ratio = credit / statuses.length;
  const percent = Math.round(ratio * 100);
  return factor(
    'checklist_outcomes',
    Math.round((ratio - 0.5) * 30),
    `${percent}% of checklist items met across ${statuses.length} evaluated item${statuses.length === 1 ? '' : 's'}.`,
  );
}

function checklistCredit(status: string): number {
  const normalized = status.toUpperCase();
  if (normalized === 'MET') return 1;
  if (normalized.includes('PARTIAL')) return 0.5;
  return 0;
}

function countOf(types: string[], ...wanted: string[]): number {
  return types.filter((type) => wanted.includes(type.toUpperCase())).length;
}

function pricingFactor(types: string[]): ServedScoringFactor {
  return countOf(types, 'PRICING', 'BUDGET') > 0
    ? factor('pricing_discussed', 6, 'Pricing or budget was discussed.')
    : factor('pricing_discussed', -3, 'Pricing has not come up yet.');
}

function nextStepFactor(types: string[]): ServedScoringFactor {
  const count = countOf(types, 'NEXT_STEP', 'TIMELINE');
  return count > 0
    ? factor('next_steps', 8, `${count} next step${count === 1 ? '' : 's'} or timeline agreed.`)
    : factor('next_steps', -6, 'No next step has been agreed.');
}

function objectionFactor(types: string[]): ServedScoringFactor {
  const count = countOf(types, 'OBJECTION', 'COMPETITOR');
  if (count === 0) return factor('objections', 0, 'No objections or competitors raised.');
  return factor(
    'objections',
    -Math.min(12, 3 * count),
    `${count} objection${count === 1 ? '' : 's'} or competitor mention${count === 1 ? '' : 's'} raised.`,
  );
}

function decisionMakerFactor(types: string[]): ServedScoringFactor {
  return countOf(types, 'DECISION_MAKER') > 0
    ? factor('decision_maker', 5, 'A decision maker is involved.')
    : factor('decision_maker', 0, 'No decision maker identified yet.');
}

function closeDateFactor(closeDate: string | null, now: Date): ServedScoringFactor {
  if (closeDate === null) return factor('close_date', -4, 'No close date is set.');
  const days = Math.ceil((Date.parse(closeDate) - now.getTime()) / DAY_MS);
  if (days < 0) return factor('close_date', -10, `The close date passed ${-days} day${days === -1 ? '' : 's'} ago.`);
  if (days <= 30) return factor('close_date', 6, `Closes in ${days} day${days === 1 ? '' : 's'}.`);
  if (days <= 90) return factor('close_date', 2, `Closes in ${days} days.`);
  return factor('close_date', -2, `Closes in ${days} days: far out.`);
}
