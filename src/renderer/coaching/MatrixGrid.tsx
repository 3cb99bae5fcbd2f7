import { type KeyboardEvent, useState } from 'react';
import type { ChecklistMatrix, MatrixCell } from '../../shared/bridge';
import { LIST_ITEM_ATTRIBUTE } from '../navigation/list-items';
import type { MatrixAddress } from '../navigation/routes';
import { formatPercent } from '../shared-ui/format';
import { cellTrend, cellWords, trendArrows } from './matrix-cell';

/** A share's band, for the cell's quiet tint: most calls met, about half, few. */
function shareTone(cell: MatrixCell | undefined): string {
  const share = cell?.now.share;
  if (share === null || share === undefined) return 'share-none';
  return share >= 0.75 ? 'share-high' : share >= 0.5 ? 'share-mid' : 'share-low';
}

/** Keys that move the focused cell: arrows, j/k down and up a row, Home and End along one. */
const moves: Record<string, (at: [number, number], size: [number, number]) => [number, number]> = {
  ArrowDown: ([row, column], [rows]) => [Math.min(rows - 1, row + 1), column],
  j: ([row, column], [rows]) => [Math.min(rows - 1, row + 1), column],
  ArrowUp: ([row, column]) => [Math.max(0, row - 1), column],
  k: ([row, column]) => [Math.max(0, row - 1), column],
  ArrowRight: ([row, column], [, columns]) => [row, Math.min(columns - 1, column + 1)],
  ArrowLeft: ([row, column]) => [row, Math.max(0, column - 1)],
  Home: ([row]) => [row, 0],
  End: ([row], [, columns]) => [row, columns - 1],
};

/**
 * The matrix as a table of buttons, one in the tab order at a time (the last one focused): arrows
 * and j/k move it, Enter or a click opens the cell's calls. Rows are sorted by name; a rep without
 * analysed calls shows "—" across.
 */
export function MatrixGrid({
  matrix,
  view,
  nameOf,
  onOpen,
}: {
  matrix: ChecklistMatrix;
  view: MatrixAddress;
  nameOf: (memberId: string) => string;
  onOpen: (rep: string, item: string) => void;
}) {
  const rows = [...matrix.rows].sort((a, b) => nameOf(a.memberId).localeCompare(nameOf(b.memberId)));
  const openAt: [number, number] = [
    Math.max(
      0,
      rows.findIndex((row) => row.memberId === view.rep),
    ),
    Math.max(0, matrix.items.indexOf(view.item ?? '')),
  ];
  const [focused, setFocused] = useState<[number, number]>(openAt);
  const at: [number, number] = [Math.min(focused[0], rows.length - 1), Math.min(focused[1], matrix.items.length - 1)];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = moves[event.key];
    if (!move || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const next = move(at, [rows.length, matrix.items.length]);
    setFocused(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrows move between the cells' buttons inside
    <div className="matrix-scroll" onKeyDown={onKeyDown}>
      <table className="matrix">
        <caption className="visually-hidden">Checklist items met, per rep</caption>
        <thead>
          <tr>
            <th scope="col" className="matrix-rep">
              Rep
            </th>
            {matrix.items.map((item) => (
              <th key={item} scope="col">
                {item}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={row.memberId}>
              <th scope="row" className="matrix-rep">
                {nameOf(row.memberId)}
                <span className="muted small">
                  {row.analysed === 0
                    ? 'no analysed calls'
                    : `${row.analysed} analysed ${row.analysed === 1 ? 'call' : 'calls'}`}
                </span>
              </th>
              {matrix.items.map((item, column) => {
                const cell = row.cells[item];
                const current = at[0] === rowIndex && at[1] === column;
                const trend = cell ? cellTrend(cell) : null;
                return (
                  <td key={item} className={shareTone(cell)}>
                    <button
                      type="button"
                      data-cell={`${rowIndex}-${column}`}
                      className="matrix-cell"
                      tabIndex={current ? 0 : -1}
                      {...(current ? { [LIST_ITEM_ATTRIBUTE]: '' } : {})}
                      aria-disabled={cell ? undefined : true}
                      aria-current={view.rep === row.memberId && view.item === item ? true : undefined}
                      aria-label={`${nameOf(row.memberId)}, ${item}: ${cellWords(cell, view.last)}`}
                      title={cellWords(cell, view.last)}
                      onFocus={() => setFocused([rowIndex, column])}
                      onClick={() => cell && onOpen(row.memberId, item)}
                    >
                      {cell ? (
                        <>
                          <span className="cell-share">
                            {cell.now.share === null ? '—' : formatPercent(cell.now.share * 100)}
                          </span>
                          {trend && (
                            <span className={`cell-trend trend-${trend}`} aria-hidden="true">
                              {trendArrows[trend]}
                            </span>
                          )}
                          <span className="cell-n">
                            n {cell.now.n}
                            {cell.now.other > 0 && ` +${cell.now.other} other`}
                          </span>
                        </>
                      ) : (
                        <span className="cell-share muted">—</span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
