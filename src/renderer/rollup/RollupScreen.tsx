import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { humanize } from '../../shared/humanize';
import { quarterOf, type Rollup, RollupStatus } from '../../shared/rollup';
import { bookmarkQueries } from '../bookmarks/queries';
import { Link, useAddressQuery } from '../navigation/router';
import { paths } from '../navigation/routes';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { CellDeals } from './CellDeals';
import { type CellPick, cellOf, cellWords, pickKey } from './cell-pick';
import { rollupQueries } from './queries';
import { RollupGrid } from './RollupGrid';
import {
  defaultSince,
  type RollupView,
  rangeProblem,
  readRollupView,
  rollupQueryOf,
  sinceNeedsBookmarks,
  writeRollupView,
} from './rollup-view';
import { SinceControl } from './SinceControl';
import './rollup.css';

/** A cell's deals to act on together (a review pack of them), as the roll-up lists them. */
export interface RollupRow {
  /** The same for the same cell. */
  key: string;
  /** "Ana Silva · December 2026". */
  title: string;
  dealIds: string[];
  /** The instant the roll-up counts slips from. */
  since: string;
}

const everyDeal: CellPick = { owner: null, month: null };

/**
 * The roll-up (`G O`): owners × close months of a range (the current quarter unless the address
 * names another), from the local copy only, so it shows offline; the model's number beside the
 * manager's own call, and what slipped out since the bookmark. `rowActions` act on the deals of
 * the cell last focused (every deal until one is): the review pack's buttons, composed by the app.
 */
export function RollupScreen({ rowActions }: { rowActions?: (row: RollupRow) => ReactNode }) {
  const [address, setAddress] = useAddressQuery();
  const view = readRollupView(address);
  const update = (change: Partial<RollupView>) => setAddress(writeRollupView({ ...view, ...change }));
  const bookmarksRead = useQuery(bookmarkQueries.list());
  const bookmarks = bookmarksRead.data;
  const query = rollupQueryOf(view, bookmarks);
  // Counted from a bookmark, the roll-up waits for its moment rather than read (and show) the range's start first.
  const rollup = useQuery({
    ...rollupQueries.view(query),
    placeholderData: keepPreviousData,
    enabled: !(sinceNeedsBookmarks(view) && bookmarksRead.isPending),
  });
  const [picked, setPicked] = useState<CellPick | null>(null);
  const [focused, setFocused] = useState<CellPick>(everyDeal);
  const close = () => {
    const key = picked && pickKey(picked);
    setPicked(null);
    if (key) document.querySelector<HTMLElement>(`[data-cell="${CSS.escape(key)}"]`)?.focus();
  };
  return (
    <div className="screen wide rollup-screen">
      <div className="screen-header">
        <h1>Roll-up</h1>
      </div>
      <form
        className="filters rollup-filters"
        aria-label="Range, statuses and bookmark"
        onSubmit={(e) => e.preventDefault()}
      >
        <RangeFields key={`${view.from} ${view.to}`} view={view} onRange={(range) => update(range)} />
        <StatusChips view={view} onStatuses={(statuses) => update({ statuses })} />
        <SinceControl
          since={view.since}
          defaultSince={defaultSince(view)}
          bookmarks={bookmarks}
          onChange={(since) => update({ since })}
        />
      </form>
      {rollup.isPending ? (
        <SkeletonBlock height={240} label="Loading the roll-up" />
      ) : rollup.isError ? (
        <ErrorState error={rollup.error} onRetry={() => rollup.refetch()} title="The roll-up could not be made" />
      ) : (
        <>
          <RollupNotes rollup={rollup.data} since={query.since} />
          {rollup.data.owners.length === 0 ? (
            <p className="muted">No deal of these statuses closes in these months.</p>
          ) : (
            <>
              {rowActions && <RowBar rollup={rollup.data} pick={focused} since={query.since} actions={rowActions} />}
              <RollupGrid rollup={rollup.data} picked={picked} onPick={setPicked} onFocusCell={setFocused} />
            </>
          )}
          {picked && <CellDeals rollup={rollup.data} pick={picked} since={query.since} onClose={close} />}
          <HowCounted />
        </>
      )}
    </div>
  );
}

/** What the row's actions (`E`) act on: the cell last focused, in words, and its buttons. */
function RowBar({
  rollup,
  pick,
  since,
  actions,
}: {
  rollup: Rollup;
  pick: CellPick;
  since: string;
  actions(row: RollupRow): ReactNode;
}) {
  const title = cellWords(rollup, pick);
  const dealIds = cellOf(rollup, pick).deals.map((deal) => deal.id);
  const count = `${dealIds.length} ${dealIds.length === 1 ? 'deal' : 'deals'}`;
  return (
    <section className="rollup-row-bar" aria-label="The focused cell’s deals">
      <p>
        <span className="muted">Focused:</span> <strong>{title}</strong> <span className="muted">· {count}</span>
      </p>
      {dealIds.length > 0 ? (
        actions({ key: pickKey(pick), title, dealIds, since })
      ) : (
        <p className="muted small">No deal to pack here.</p>
      )}
    </section>
  );
}

/** The first and last month, checked before the address takes them; "This quarter" and "Next quarter" at a press. */
function RangeFields({ view, onRange }: { view: RollupView; onRange(range: Pick<RollupView, 'from' | 'to'>): void }) {
  const [draft, setDraft] = useState({ from: view.from, to: view.to });
  const problemId = useId();
  const problem = rangeProblem(draft.from, draft.to);
  const edit = (change: Partial<typeof draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (rangeProblem(next.from, next.to) === null) onRange(next);
  };
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 3, 1);
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="field">
          <label htmlFor={`${problemId}-${end}`}>{end === 'from' ? 'From' : 'To'}</label>
          <input
            id={`${problemId}-${end}`}
            type="month"
            value={draft[end]}
            aria-invalid={problem !== null}
            aria-describedby={problemId}
            onChange={(event) => edit({ [end]: event.target.value })}
          />
        </div>
      ))}
      <div className="rollup-quarters">
        <button type="button" className="button small" onClick={() => onRange(quarterOf(now))}>
          This quarter
        </button>
        <button type="button" className="button small" onClick={() => onRange(quarterOf(next))}>
          Next quarter
        </button>
      </div>
      <p id={problemId} className="field-error" role="alert">
        {problem ?? ''}
      </p>
    </>
  );
}

function StatusChips({ view, onStatuses }: { view: RollupView; onStatuses(statuses: RollupStatus[]): void }) {
  const legend = useId();
  const toggle = (status: RollupStatus) => {
    const next = view.statuses.includes(status)
      ? view.statuses.filter((shown) => shown !== status)
      : [...view.statuses, status];
    if (next.length > 0) onStatuses(next);
  };
  return (
    <fieldset className="chips" aria-labelledby={legend}>
      <span id={legend} className="muted">
        Counting
      </span>
      {RollupStatus.options.map((status) => (
        <label key={status} className="chip">
          <input type="checkbox" checked={view.statuses.includes(status)} onChange={() => toggle(status)} />
          {humanize(status)}
        </label>
      ))}
    </fieldset>
  );
}

/** What the figures rest on, said where it matters: the currency, what the copy lacks, from when slips are known. */
function RollupNotes({ rollup, since }: { rollup: Rollup; since: string }) {
  const notes: ReactNode[] = [];
  const currencies = [...new Set(rollup.deals.map((deal) => deal.currency))];
  if (currencies.length > 1) {
    const named = currencies.map((currency) => currency ?? 'none named').join(', ');
    notes.push(
      `Amounts are in ${currencies.length} currencies (${named}): each is summed on its own, never added together.`,
    );
  } else if (rollup.workspaceCurrency === null && rollup.deals.length > 0) {
    notes.push(
      <>
        Amounts are plain numbers: this workspace names no currency yet (
        <Link to={paths.settings()}>Workspace and key</Link>).
      </>,
    );
  }
  if (rollup.partial) notes.push(rollup.partial);
  if (rollup.withoutCloseDate > 0) {
    const count = rollup.withoutCloseDate;
    notes.push(`${count} ${count === 1 ? 'deal has' : 'deals have'} no close date, so no month: not counted here.`);
  }
  if (Date.parse(since) > Date.now())
    notes.push(
      `Slipped since ${formatDateTime(since)} is still to come: nothing can have slipped yet. Choose an earlier day.`,
    );
  else if (rollup.historyKnownSince === null)
    notes.push('Slips are counted once this copy has seen the deals change: it has no history yet.');
  else if (Date.parse(rollup.historyKnownSince) > Date.parse(since))
    notes.push(
      `Slips are counted from ${formatDateTime(rollup.historyKnownSince)}, when this copy began to keep the deals’ history.`,
    );
  if (rollup.overlaysKept === 'memory')
    notes.push('Your calls are kept for this session only: without a keychain the local copy lives in memory.');
  if (notes.length === 0) return null;
  return (
    <ul className="rollup-notes" aria-label="About these figures">
      {notes.map((note, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed notes, in a fixed order
        <li key={index}>{note}</li>
      ))}
    </ul>
  );
}

function HowCounted() {
  return (
    <details className="rollup-how">
      <summary>How these figures are counted</summary>
      <p>
        From the local copy only: your calls never leave this computer. <strong>Model</strong> is each deal’s amount at
        its win probability, added up. <strong>Call</strong> is yours: Commit counts a deal in full, Omit counts
        nothing, Best case and deals you left alone count at the model’s odds, on your own amount where you gave one.
        Deals without an amount or a probability are counted, and left out of the sums they lack.{' '}
        <strong>Slipped out</strong>: deals whose close date was in that month at the bookmark and is later now.
      </p>
    </details>
  );
}
