import type { ReactNode, Ref } from 'react';
import type { OperationResult } from '../../shared/bridge';
import { humanize } from '../../shared/humanize';
import { formatPercent } from '../shared-ui/format';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';

/**
 * Factors are signed probability points added to an even 50 (the local service's additive
 * model), so they draw as a bar left (against) or right (for) of a centre line.
 */
const MAX_POINTS = 50;
const formatPoints = (points: number) =>
  `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(Math.round(points))} pts`;

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** The win probability as a big number and a bar, then each factor's score with its reason. */
/** `valueRef`: the probability's number, where focus lands when a Re-score made here brings a new one. */
export function ProbabilityPanel({
  deal: answer,
  trend,
  valueRef,
}: {
  deal: OperationResult<'getDeal'>;
  trend: ReactNode;
  valueRef?: Ref<HTMLParagraphElement>;
}) {
  const deal = answer.data;
  if (typeof deal.probability !== 'number') {
    return (
      <div className="probability empty">
        <div className="probability-top">
          <p className="probability-value" ref={valueRef} tabIndex={-1}>
            —
          </p>
          {trend}
        </div>
        <p className="muted">Not scored yet. Re-score to compute the win probability.</p>
      </div>
    );
  }
  const tone = deal.probability >= 60 ? 'good' : deal.probability >= 30 ? 'fair' : 'poor';
  return (
    <div className="probability">
      <div className="probability-top">
        <p className="probability-value" ref={valueRef} tabIndex={-1}>
          {formatPercent(deal.probability)}
        </p>
        {trend}
      </div>
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
      <UnreadableNotice answers={[answer]} />
      <ul className="factors" aria-label="Score factors, strongest first">
        {[...deal.score_factors]
          .sort((a, b) => Math.abs(b.score) - Math.abs(a.score))
          .map((factor) => (
            <li key={factor.id} className="factor">
              <div className="factor-head">
                <span className="factor-name">{factor.factor_id ? humanize(factor.factor_id) : 'Unnamed factor'}</span>
                <span className={`factor-score ${factor.score < 0 ? 'negative' : 'positive'}`}>
                  {formatPoints(factor.score)}
                </span>
              </div>
              <span className="diverging" aria-hidden="true">
                <span
                  className={factor.score < 0 ? 'negative' : 'positive'}
                  style={{ width: `${(Math.min(MAX_POINTS, Math.abs(factor.score)) / MAX_POINTS) * 50}%` }}
                />
              </span>
              {factor.reason && <p className="factor-reason">{factor.reason}</p>}
              {typeof factor.completion === 'number' && (
                <p className="muted small">{formatPercent(factor.completion)} complete</p>
              )}
            </li>
          ))}
      </ul>
    </div>
  );
}
