import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { DealOverlay, ForecastCall, Rollup, RollupDeal } from '../../shared/rollup';
import { parseAmount } from '../deals/board-view';
import { listItem } from '../navigation/list-items';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { DealLink } from '../records/DealLink';
import { formatAmount, formatDate, formatPercent } from '../shared-ui/format';
import { type CellPick, cellOf, cellWords, ownerWords } from './cell-pick';
import { dealsWords, shownDifference, shownSums } from './money-words';
import { useOverlayChange } from './queries';
import { dealCall, modelOf } from './rollup-figures';

const callChoices: [value: ForecastCall | '', label: string][] = [
  ['', 'Model'],
  ['commit', 'Commit'],
  ['best-case', 'Best case'],
  ['omit', 'Omit'],
];
const callWords: Record<ForecastCall, string> = { commit: 'Commit', 'best-case': 'Best case', omit: 'Omit' };
/** A focused row's keys: its call at a stroke. */
const callKeys: Record<string, ForecastCall> = { c: 'commit', b: 'best-case', x: 'omit' };

const titleOf = (deal: { id: string; title: string | null }) => deal.title ?? deal.id;

/** An overlay of neither a call nor an amount is none. */
const overlayOr = (overlay: DealOverlay): DealOverlay | null =>
  overlay.call === null && overlay.amount === null ? null : overlay;

/**
 * A cell's deals, each with the manager's call and own amount, applied as they are chosen (and
 * offered for undo), and the deals that slipped out of the cell since the bookmark.
 */
export function CellDeals({
  rollup,
  pick,
  since,
  onClose,
}: {
  rollup: Rollup;
  pick: CellPick;
  since: string;
  onClose(): void;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const { deals, slipped, figures } = cellOf(rollup, pick);
  const words = cellWords(rollup, pick);
  const ownerNameOf = (ownerId: string | null) =>
    ownerWords(rollup.owners.find((candidate) => candidate.id === ownerId)?.name ?? ownerId);

  // The list of the cell just picked takes the keyboard: its first deal, or its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cell picked
  useEffect(() => {
    const first = section.current?.querySelector<HTMLElement>('[data-list-item]');
    (first ?? section.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [pick.owner?.id, pick.month]);

  return (
    <section
      ref={section}
      className="card rollup-deals"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="row">
        <h2 id={headingId} tabIndex={-1}>
          {words}
        </h2>
        <button type="button" className="button small" onClick={onClose}>
          Close
        </button>
      </div>
      {figures.money.map((money) => {
        const amount = (value: number | null) => formatAmount(value, undefined, money.currency);
        const { model, call } = shownSums(money);
        const difference = shownDifference(money);
        const categories = deals.some((deal) => deal.currency === money.currency && deal.overlay?.call);
        return (
          <p key={money.currency ?? ''} className="rollup-deals-summary">
            {dealsWords(money.deals)} · {amount(money.amount)} · model {amount(model)} · your call {amount(call)}
            {difference && ` (${difference})`}
            {categories && ` · committed ${amount(money.commit)} · best case ${amount(money.bestCase)}`}
          </p>
        );
      })}
      {deals.length === 0 ? (
        <p className="muted">No deal closes here now.</p>
      ) : (
        <table className="table compact rollup-deal-table">
          <caption className="visually-hidden">Deals of {words}</caption>
          <thead>
            <tr>
              <th scope="col">Deal</th>
              {pick.owner === null && <th scope="col">Owner</th>}
              <th scope="col">Close date</th>
              <th scope="col" className="numeric">
                Amount
              </th>
              <th scope="col" className="numeric">
                Win probability
              </th>
              <th scope="col" className="numeric">
                Model
              </th>
              <th scope="col">Your call</th>
              <th scope="col">Your amount</th>
              <th scope="col" className="numeric">
                In your call
              </th>
            </tr>
          </thead>
          <tbody>
            {deals.map((deal) => (
              <DealRow key={deal.id} deal={deal} owner={pick.owner === null ? ownerNameOf(deal.ownerId) : null} />
            ))}
          </tbody>
        </table>
      )}
      {slipped.length > 0 && (
        <>
          <h3 className="rollup-slipped-heading">Slipped out since {formatDate(since)}</h3>
          <table className="table compact rollup-deal-table">
            <caption className="visually-hidden">Deals that slipped out since {formatDate(since)}</caption>
            <thead>
              <tr>
                <th scope="col">Deal</th>
                {pick.owner === null && <th scope="col">Owner then</th>}
                <th scope="col">Close date then</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {slipped.map((deal) => (
                <tr key={deal.id} tabIndex={-1} {...listItem} onKeyDown={openOnEnter(deal.id)}>
                  <td>
                    <DealLink dealId={deal.id}>{titleOf(deal)}</DealLink>
                  </td>
                  {pick.owner === null && <td>{ownerNameOf(deal.ownerId)}</td>}
                  <td>{formatDate(deal.closeDateThen)}</td>
                  <td>{formatDate(deal.closeDateNow)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** Enter on a focused row (not on a control inside it) opens its deal. */
const openOnEnter = (dealId: string) => (event: KeyboardEvent<HTMLTableRowElement>) => {
  if (event.key === 'Enter' && event.target === event.currentTarget) {
    event.preventDefault();
    navigate(paths.deal(dealId));
  }
};

function DealRow({ deal, owner }: { deal: RollupDeal; owner: string | null }) {
  const change = useOverlayChange();
  const row = useRef<HTMLTableRowElement>(null);
  const title = titleOf(deal);
  const amount = (value: number | null) => formatAmount(value, undefined, deal.currency);
  const setCall = (call: ForecastCall | null) => {
    if (call === (deal.overlay?.call ?? null)) return;
    const words = call === null ? 'Back to the model’s odds' : callWords[call];
    void change(deal, overlayOr({ call, amount: deal.overlay?.amount ?? null }), `${words} on “${title}”`);
  };
  const setAmount = (own: number | null) => {
    if (own === (deal.overlay?.amount ?? null)) return;
    const words = own === null ? 'Your amount removed' : `Your amount ${amount(own)}`;
    void change(deal, overlayOr({ call: deal.overlay?.call ?? null, amount: own }), `${words} on “${title}”`);
  };
  return (
    <tr
      ref={row}
      tabIndex={-1}
      {...listItem}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
        const call = callKeys[event.key];
        if (call) setCall(call);
        else if (event.key === 'Delete' || event.key === 'Backspace') {
          if (deal.overlay) void change(deal, null, `Your call removed on “${title}”`);
        } else return openOnEnter(deal.id)(event);
        event.preventDefault();
      }}
    >
      <td>
        <DealLink dealId={deal.id}>{title}</DealLink>
      </td>
      {owner !== null && <td>{owner}</td>}
      <td>{formatDate(deal.closeDate)}</td>
      <td className="numeric">{amount(deal.amount)}</td>
      <td className="numeric">{formatPercent(deal.probability)}</td>
      <td className="numeric">{amount(modelOf(deal))}</td>
      <td>
        <select
          aria-label={`Your call on ${title}`}
          value={deal.overlay?.call ?? ''}
          onChange={(event) => setCall((event.target.value || null) as ForecastCall | null)}
        >
          {callChoices.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <OwnAmountField
          key={deal.overlay?.amount ?? ''}
          title={title}
          amount={deal.overlay?.amount ?? null}
          onAmount={setAmount}
          onDone={() => row.current?.focus()}
        />
      </td>
      <td className="numeric rollup-counts">{amount(dealCall(deal))}</td>
    </tr>
  );
}

/**
 * The manager's own amount of a deal, applied when the field is left: Enter leaves it for its row
 * (where Ctrl Z undoes it), Esc puts back what was there.
 */
function OwnAmountField({
  title,
  amount,
  onAmount,
  onDone,
}: {
  title: string;
  amount: number | null;
  onAmount(amount: number | null): void;
  onDone(): void;
}) {
  const held = amount === null ? '' : String(amount);
  const [text, setText] = useState(held);
  const problem = text.trim() === '' || parseAmount(text) !== null ? null : 'Digits only, such as 12500';
  const apply = () => {
    if (problem === null && text.trim() !== held) onAmount(text.trim() === '' ? null : parseAmount(text));
  };
  return (
    <input
      className="rollup-own-amount"
      inputMode="decimal"
      aria-label={`Your amount on ${title}`}
      aria-invalid={problem !== null}
      title={problem ?? undefined}
      placeholder="—"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && problem === null) {
          event.preventDefault();
          onDone();
        } else if (event.key === 'Escape' && text !== held) {
          event.preventDefault();
          setText(held);
        }
      }}
    />
  );
}
