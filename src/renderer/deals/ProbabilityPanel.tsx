import type { DealDetail } from '../../shared/api';
import { formatPercent, humanize } from '../shared-ui/format';

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** The win probability as a big number and a bar, then each factor's score with its reason. */
export function ProbabilityPanel({ deal }: { deal: DealDetail }) {
  if (deal.probability === null) {
    return (
      <div className="probability empty">
        <p className="probability-value">—</p>
        <p className="muted">Not scored yet. Re-score to compute the win probability.</p>
      </div>
    );
  }
  const tone = deal.probability >= 60 ? 'good' : deal.probability >= 30 ? 'fair' : 'poor';
  return (
    <div className="probability">
      <p className="probability-value">{formatPercent(deal.probability)}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot take the theme colours; role meter says the same */}
      <div
        className={`bar large tone-${tone}`}
        role="meter"
        aria-label="Win probability"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(deal.probability)}
      >
        <span style={{ width: `${clampPercent(deal.probability)}%` }} />
      </div>
      <ul className="factors" aria-label="Score factors">
        {deal.score_factors.map((factor) => (
          <li key={factor.id} className="factor">
            <div className="factor-head">
              <span className="factor-name">{humanize(factor.factor_id)}</span>
              <span className="factor-score">{Math.round(factor.score)}</span>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot take the theme colours; role meter says the same */}
            <div
              className="bar"
              role="meter"
              aria-label={`${humanize(factor.factor_id)} score`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(factor.score)}
            >
              <span style={{ width: `${clampPercent(factor.score)}%` }} />
            </div>
            {factor.reason && <p className="factor-reason">{factor.reason}</p>}
            {factor.completion !== null && <p className="muted small">{formatPercent(factor.completion)} complete</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
