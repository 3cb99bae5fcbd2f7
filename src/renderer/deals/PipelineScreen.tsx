import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { type DealStatus, memberName } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { Link, useAddressQuery } from '../navigation/router';
import { paths } from '../navigation/routes';
import { readSortOrder, writeSortOrder } from '../navigation/sort-order';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { memberQueries } from '../team/queries';
import {
  allStatuses,
  type BoardView,
  type DealSortKey,
  dealSortKeys,
  MY_DEALS,
  parseAmount,
  parseDay,
  readBoardView,
  writeBoardView,
} from './board-view';
import { DealGroup } from './DealGroup';
import { RangeField } from './RangeField';
import './deals.css';

const sortChoices: [value: string, label: string][] = [
  ['', 'Newest first'],
  ['close-date-asc', 'Close date, soonest first'],
  ['close-date-desc', 'Close date, latest first'],
  ['amount-desc', 'Amount, largest first'],
  ['amount-asc', 'Amount, smallest first'],
  ['probability-desc', 'Win probability, highest first'],
  ['probability-asc', 'Win probability, lowest first'],
  ['activity-desc', 'Last activity, most recent first'],
  ['activity-asc', 'Last activity, longest ago first'],
];

/**
 * The interface offers one filter (status) and one order (newest first), so the pipeline is a
 * column per status, each its own cursor list; DELETED only on request. The other filters and
 * the order work on the loaded cards, and the address holds them all (board-view.ts).
 */
export function PipelineScreen() {
  const [query, setQuery] = useAddressQuery();
  const view = readBoardView(query);
  const update = (change: Partial<BoardView>) => setQuery(writeBoardView({ ...view, ...change }));
  const ids = { legend: useId(), owner: useId(), sort: useId() };
  const sortRef = useRef<HTMLSelectElement>(null);
  const members = useQuery(memberQueries.list()).data?.data ?? [];
  const myId = useQuery(memberQueries.me()).data?.data.id ?? null;
  useKeyShortcut('a', () => update({ atRiskOnly: !view.atRiskOnly }));
  useKeyShortcut('m', () => update({ owner: view.owner === MY_DEALS ? null : MY_DEALS }));
  useKeyShortcut('o', () => sortRef.current?.focus());
  const ownerId = view.owner === MY_DEALS ? myId : view.owner;
  const toggle = (status: DealStatus) =>
    update({ shown: view.shown.includes(status) ? view.shown.filter((s) => s !== status) : [...view.shown, status] });
  return (
    <div className="screen wide">
      <div className="screen-header">
        <div className="screen-title">
          <h1>Pipeline</h1>
          <Link to={paths.changes()} aria-keyshortcuts="g w">
            What changed since my last look
          </Link>
          <Link to={paths.rollup()} aria-keyshortcuts="g o">
            Roll-up by owner and month
          </Link>
        </div>
        <fieldset className="chips" aria-labelledby={ids.legend}>
          <span id={ids.legend} className="muted">
            Show
          </span>
          {allStatuses.map((status) => (
            <label key={status} className="chip">
              <input type="checkbox" checked={view.shown.includes(status)} onChange={() => toggle(status)} />
              {humanize(status)}
            </label>
          ))}
          <label className="chip at-risk">
            <input
              type="checkbox"
              checked={view.atRiskOnly}
              onChange={() => update({ atRiskOnly: !view.atRiskOnly })}
              aria-keyshortcuts="a"
            />
            At risk
          </label>
        </fieldset>
      </div>
      <form className="filters board-filters" aria-label="Filter and sort deals" onSubmit={(e) => e.preventDefault()}>
        <div className="field inline-field">
          <label htmlFor={ids.owner}>Owner</label>
          <select
            id={ids.owner}
            value={view.owner ?? ''}
            onChange={(event) => update({ owner: event.target.value || null })}
            aria-keyshortcuts="m"
          >
            <option value="">Anyone</option>
            {(myId || view.owner === MY_DEALS) && <option value={MY_DEALS}>My deals</option>}
            {members
              .filter((member) => member.id !== myId)
              .map((member) => (
                <option key={member.id} value={member.id}>
                  {memberName(member)}
                </option>
              ))}
          </select>
        </div>
        <RangeField
          legend="Close date"
          type="date"
          value={{ low: view.closeDate.from, high: view.closeDate.to }}
          parseEnd={parseDay}
          onChange={({ low, high }) => update({ closeDate: { from: low, to: high } })}
        />
        <RangeField
          legend="Amount"
          type="amount"
          value={{ low: view.amount.min, high: view.amount.max }}
          parseEnd={parseAmount}
          onChange={({ low, high }) => update({ amount: { min: low, max: high } })}
        />
        <div className="field inline-field">
          <label htmlFor={ids.sort}>Sort cards</label>
          <select
            id={ids.sort}
            ref={sortRef}
            value={view.sort ? writeSortOrder(view.sort) : ''}
            onChange={(event) => update({ sort: readSortOrder<DealSortKey>(event.target.value, dealSortKeys) })}
            aria-keyshortcuts="o"
          >
            {sortChoices.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="pipeline">
        {allStatuses
          .filter((status) => view.shown.includes(status))
          .map((status) => (
            <DealGroup key={status} status={status} view={view} ownerId={ownerId} />
          ))}
      </div>
    </div>
  );
}
