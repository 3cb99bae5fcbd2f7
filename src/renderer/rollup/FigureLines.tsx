import { formatAmount } from '../shared-ui/format';
import { dealsWords, gapWords, shownDifference, shownSums } from './money-words';
import type { Figures } from './rollup-figures';

/**
 * A cell's figures: per currency, its deals and their amount, the model's number, the manager's
 * call and the difference, and what the sums leave out; then the slips. A dash when there is none.
 */
export function FigureLines({ figures }: { figures: Figures }) {
  if (figures.deals === 0 && figures.slipped === 0) return <span className="muted">—</span>;
  return (
    <>
      {figures.money.map((money) => {
        const { model, call } = shownSums(money);
        return (
          <span key={money.currency ?? ''} className="figure-block">
            <span className="figure-line figure-head">
              {dealsWords(money.deals)} · {formatAmount(money.amount, undefined, money.currency)}
            </span>
            <span className="figure-line">
              <span className="figure-label">Model</span> {formatAmount(model, undefined, money.currency)}
            </span>
            <span className="figure-line">
              <span className="figure-label">Call</span> {formatAmount(call, undefined, money.currency)}
              <span className="figure-difference"> {shownDifference(money)}</span>
            </span>
            {gapWords(money).map((gap) => (
              <span key={gap} className="figure-line figure-gaps">
                {gap}
              </span>
            ))}
          </span>
        );
      })}
      {figures.slipped > 0 && <span className="figure-line figure-slipped">{figures.slipped} slipped out</span>}
    </>
  );
}
