import type { DealWarningKind } from '../../shared/warning-snoozes';
import { snoozedWords } from './DealWarningList';
import type { WarningSet } from './deal-warnings';

/**
 * The deal page's warnings, each with Snooze (`H` while it has the focus), and a quiet line of those
 * snoozed that opens them, to wake one.
 */
export function DealWarningsPanel({
  set,
  onSnooze,
}: {
  set: WarningSet;
  /** Opens the snooze dialog on a warning (undefined: on the snoozed ones). */
  onSnooze: (kind?: DealWarningKind) => void;
}) {
  return (
    <section id="deal-warnings" className="card deal-warnings-panel" aria-labelledby="deal-warnings-heading">
      <h2 id="deal-warnings-heading">At risk</h2>
      {set.shown.length > 0 && (
        <ul className="deal-warnings" aria-label="Warnings">
          {set.shown.map((warning) => (
            <li key={warning.kind} className="deal-warning-row" data-warning-kind={warning.kind}>
              <span className={`deal-warning warning-${warning.kind}`}>{warning.text}</span>
              <button
                type="button"
                className="button small link-button"
                aria-label={`Snooze “${warning.text}”`}
                aria-keyshortcuts="h"
                onClick={() => onSnooze(warning.kind)}
              >
                Snooze <kbd>H</kbd>
              </button>
            </li>
          ))}
        </ul>
      )}
      {set.snoozed.length > 0 && (
        <button type="button" className="button small link-button snoozed-line" onClick={() => onSnooze()}>
          {snoozedWords(set.snoozed)}
        </button>
      )}
    </section>
  );
}
