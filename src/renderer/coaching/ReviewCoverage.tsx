import type { RepCoverage } from '../../shared/bridge';
import { formatPercent } from '../shared-ui/format';
import type { ReviewWindowWords } from './review-window';

/** Covered: the calls the manager reviewed or took to the rep's 1:1, of every call of the window. */
const covered = (rep: RepCoverage) => rep.reviewed + rep.oneOnOne;

/** The columns after "Covered": each a count of the rep's calls. */
const counted: [heading: string, count: (rep: RepCoverage) => number][] = [
  ['Calls', (rep) => rep.calls],
  ['Reviewed', (rep) => rep.reviewed],
  ['To 1:1', (rep) => rep.oneOnOne],
  ['Dismissed', (rep) => rep.dismissed],
  ['Snoozed', (rep) => rep.snoozed],
  ['In queue', (rep) => rep.waiting],
  // Came in before the last pass and left undecided by it, so every call of the row is told.
  ['Passed undecided', (rep) => rep.calls - covered(rep) - rep.dismissed - rep.snoozed - rep.waiting],
];

/**
 * The manager's own coaching coverage, rep by rep, over the window (not moved by a pass): every
 * call that came in, what was decided, what still waits in the queue.
 */
export function ReviewCoverage({
  coverage,
  words,
  nameOf,
}: {
  coverage: readonly RepCoverage[];
  words: ReviewWindowWords;
  nameOf: (memberId: string) => string;
}) {
  const nameOfRow = (rep: RepCoverage) => (rep.memberId ? nameOf(rep.memberId) : 'No rep (unattributed)');
  const rows = [...coverage].sort(
    (a, b) => Number(a.memberId === null) - Number(b.memberId === null) || nameOfRow(a).localeCompare(nameOfRow(b)),
  );
  return (
    <section className="review-coverage" aria-labelledby="review-coverage-heading">
      <h2 id="review-coverage-heading">Your coaching coverage</h2>
      <p className="muted small">
        Over {words.coverageOver}, whatever your passes: covered means you marked the call reviewed or added it to the
        rep’s next 1:1; passed undecided, that a pass went by it without a decision.
      </p>
      {rows.length === 0 ? (
        <p className="muted">{words.noCalls}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Coverage per rep</caption>
          <thead>
            <tr>
              <th scope="col">Rep</th>
              <th scope="col" className="numeric">
                Covered
              </th>
              {counted.map(([heading]) => (
                <th key={heading} scope="col" className="numeric">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((rep) => (
              <tr key={rep.memberId ?? 'unattributed'}>
                <th scope="row">{nameOfRow(rep)}</th>
                <td className="numeric">
                  {covered(rep)} of {rep.calls} ({formatPercent((100 * covered(rep)) / rep.calls)})
                </td>
                {counted.map(([heading, count]) => (
                  <td key={heading} className="numeric">
                    {count(rep)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
