import type { Rollup } from '../../shared/rollup';
import { listItem } from '../navigation/list-items';
import { type CellPick, cellOf, ownerWords, pickKey } from './cell-pick';
import { FigureLines } from './FigureLines';
import { monthWords } from './month-words';

/**
 * Owners × months, with each row's and each month's total: every cell a button (`j`/`k` step
 * through them, Enter lists its deals below).
 */
export function RollupGrid({
  rollup,
  picked,
  onPick,
  onFocusCell,
}: {
  rollup: Rollup;
  picked: CellPick | null;
  onPick(pick: CellPick): void;
  onFocusCell(pick: CellPick): void;
}) {
  const cell = (pick: CellPick, where: string) => {
    const key = pickKey(pick);
    const { figures } = cellOf(rollup, pick);
    return (
      <button
        type="button"
        className="rollup-cell"
        data-cell={key}
        aria-pressed={picked !== null && pickKey(picked) === key}
        aria-label={`${where}: ${figures.deals} ${figures.deals === 1 ? 'deal' : 'deals'}${figures.slipped > 0 ? `, ${figures.slipped} slipped out` : ''}. Enter lists them.`}
        onClick={() => onPick(pick)}
        onFocus={() => onFocusCell(pick)}
        {...listItem}
      >
        <FigureLines figures={figures} />
      </button>
    );
  };
  const months = rollup.months.map((month) => ({ month, words: monthWords(month) }));
  return (
    <div className="rollup-grid-frame">
      <table className="table rollup-grid">
        <caption className="visually-hidden">Deals by owner and close month</caption>
        <thead>
          <tr>
            <th scope="col">Owner</th>
            {months.map(({ month, words }) => (
              <th key={month} scope="col">
                {words}
              </th>
            ))}
            <th scope="col" className="rollup-total">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rollup.owners.map((owner) => {
            const name = ownerWords(owner.name);
            return (
              <tr key={owner.id ?? ''}>
                <th scope="row">{name}</th>
                {months.map(({ month, words }) => (
                  <td key={month}>{cell({ owner: { id: owner.id }, month }, `${name}, ${words}`)}</td>
                ))}
                <td className="rollup-total">
                  {cell({ owner: { id: owner.id }, month: null }, `${name}, every month`)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All owners</th>
            {months.map(({ month, words }) => (
              <td key={month}>{cell({ owner: null, month }, `All owners, ${words}`)}</td>
            ))}
            <td className="rollup-total">{cell({ owner: null, month: null }, 'All owners, every month')}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
