export { type DealScore, type DealScoringInputs, scoreDeal } from './score-deal';
