export { loadDealScoringInputs } from './load-inputs';
export { type DealScore, type DealScoringInputs, scoreDeal } from './score-deal';
