import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import type { ChecklistMatrix } from '../../shared/bridge';
import { navigate } from '../navigation/router';
import { type MatrixAddress, matrixLasts, paths } from '../navigation/routes';
import { ErrorState } from '../shared-ui/ErrorState';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { ATTRIBUTION_RULE } from './attribution';
import { CellMisses } from './CellMisses';
import { CopyNote } from './CopyNote';
import { copyCoverage } from './copy-coverage';
import { MatrixGrid } from './MatrixGrid';
import { coachingQueries } from './queries';
import './coaching.css';

/**
 * Reps × checklist items (`G K`): how often each rep met each item in their last N analysed calls,
 * against the N before; Enter on a cell lists the calls where it was not met, with the evidence,
 * the reasoning and the suggestion, each opening the transcript at its moment. The view (N, the
 * open cell) lives in the address, so Back closes a cell.
 */
export function ChecklistMatrixScreen({ view }: { view: MatrixAddress }) {
  const matrix = useQuery(coachingQueries.matrix(view.last));
  const nameOf = useMemberNames();
  const grid = useRef<HTMLDivElement>(null);
  const open = view.rep !== null && view.item !== null ? { rep: view.rep, item: view.item } : null;
  const closeCell = () => {
    navigate(paths.checklistMatrix({ last: view.last }), { replace: true });
    grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  };
  const panel = useRef<HTMLElement>(null);
  const openKey = open ? `${open.rep}\n${open.item}` : null;
  // A cell opened moves focus to its calls; the grid keeps its place for when they close.
  useEffect(() => {
    if (openKey) panel.current?.focus();
  }, [openKey]);

  return (
    <div className="screen wide matrix-screen">
      <div className="screen-header">
        <h1>Checklist matrix</h1>
        <label className="inline-field">
          Each rep’s last{' '}
          <select
            value={view.last}
            onChange={(event) =>
              navigate(paths.checklistMatrix({ ...view, last: Number(event.target.value) }), { replace: true })
            }
          >
            {[...matrixLasts]
              .sort((a, b) => a - b)
              .map((last) => (
                <option key={last} value={last}>
                  {last}
                </option>
              ))}
          </select>{' '}
          analysed calls
        </label>
      </div>
      <p className="muted small matrix-legend">
        Each cell: the share of the rep’s last {view.last} analysed calls where the item was met, out of n calls that
        met it or not; the arrow compares it with their {view.last} calls before (↑ or ↓ by 10 points or more, → within
        them). A status other than met, partially met or not met counts neither way. {ATTRIBUTION_RULE}
      </p>
      {matrix.isPending ? (
        <SkeletonRows rows={5} height={44} label="Loading the checklist matrix" />
      ) : matrix.isError ? (
        <ErrorState error={matrix.error} onRetry={() => matrix.refetch()} />
      ) : (
        <MatrixBody
          matrix={matrix.data}
          view={view}
          nameOf={nameOf}
          grid={grid}
          onOpen={(rep, item) => navigate(paths.checklistMatrix({ last: view.last, rep, item }))}
        />
      )}
      {open && (
        <section
          ref={panel}
          className="card cell-misses"
          aria-labelledby="cell-misses-heading"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              closeCell();
            }
          }}
        >
          <CellMisses
            memberId={open.rep}
            itemText={open.item}
            last={view.last}
            name={nameOf(open.rep)}
            onClose={closeCell}
          />
        </section>
      )}
    </div>
  );
}

function MatrixBody({
  matrix,
  view,
  nameOf,
  grid,
  onOpen,
}: {
  matrix: ChecklistMatrix;
  view: MatrixAddress;
  nameOf: (memberId: string) => string;
  grid: RefObject<HTMLDivElement | null>;
  onOpen: (rep: string, item: string) => void;
}) {
  const coverage = copyCoverage(matrix.copy, null, nameOf);
  if (!coverage.figures) return <CopyNote coverage={coverage} />;
  return (
    <>
      <CopyNote coverage={coverage} />
      {matrix.items.length === 0 ? (
        <p className="muted">No analysed call in the local copy has a checklist item yet.</p>
      ) : (
        <div ref={grid}>
          <MatrixGrid matrix={matrix} view={view} nameOf={nameOf} onOpen={onOpen} />
        </div>
      )}
      {matrix.unattributed > 0 && (
        <p className="muted small">
          {matrix.unattributed} analysed {matrix.unattributed === 1 ? 'call is' : 'calls are'} no rep’s by the rule
          above, and counted in no row.
        </p>
      )}
    </>
  );
}
