import type { RepCoverage } from '../../shared/review-queue';
import { formatPercent } from '../shared-ui/format';

/** Covered: the calls the manager reviewed or took to the rep's 1:1, of every call of the window. */
const covered = (rep: RepCoverage) => rep.reviewed + rep.oneOnOne;

/**
 * The manager's own coaching coverage, rep by rep, over the window (not moved by a pass): every
 * call that came in, what was decided, what still waits in the queue.
 */
export function ReviewCoverage({
  coverage,
  windowWords,
  nameOf,
}: {
  coverage: readonly RepCoverage[];
  windowWords: string;
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
        Over the calls that came in {windowWords}, whatever your passes: covered means you marked the call reviewed or
        added it to the rep’s next 1:1.
      </p>
      {rows.length === 0 ? (
        <p className="muted">No call came in {windowWords}.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Coverage per rep</caption>
          <thead>
            <tr>
              <th scope="col">Rep</th>
              <th scope="col" className="numeric">
                Covered
              </th>
              <th scope="col" className="numeric">
                Calls
              </th>
              <th scope="col" className="numeric">
                Reviewed
              </th>
              <th scope="col" className="numeric">
                To 1:1
              </th>
              <th scope="col" className="numeric">
                Dismissed
              </th>
              <th scope="col" className="numeric">
                Snoozed
              </th>
              <th scope="col" className="numeric">
                In queue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((rep) => (
              <tr key={rep.memberId ?? 'unattributed'}>
                <th scope="row">{nameOfRow(rep)}</th>
                <td className="numeric">
                  {covered(rep)} of {rep.calls} ({formatPercent((100 * covered(rep)) / rep.calls)})
                </td>
                <td className="numeric">{rep.calls}</td>
                <td className="numeric">{rep.reviewed}</td>
                <td className="numeric">{rep.oneOnOne}</td>
                <td className="numeric">{rep.dismissed}</td>
                <td className="numeric">{rep.snoozed}</td>
                <td className="numeric">{rep.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
