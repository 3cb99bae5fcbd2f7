import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import type { Deal, DealStatus } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { useQueuedParents } from '../jobs/queued-jobs';
import { listItem } from '../navigation/list-items';
import { useValueAfterPaint } from '../navigation/render-ahead';
import { DealLink } from '../records/DealLink';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatAmount, formatDate, formatPercent } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { listEnded, recordsOf } from '../state/cursor-pages';
import { useUndoOffer } from '../state/undo-offer';
import { useMemberNames } from '../team/queries';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { type BoardView, compareCards, inRanges } from './board-view';
import { DealWarningList, snoozedWords } from './DealWarningList';
import { dealQueries } from './queries';
import { type BoardCard, useCardFacts } from './useCardFacts';
import { useWarningSets } from './useDealWarnings';
import { type StatusTotals, useStatusTotals } from './useStatusTotals';
import { type SnoozeRequest, WarningSnoozeDialog } from './WarningSnoozeDialog';

/**
 * More cards than a column's view can hold (a card with no warning is about 85 px tall, the
 * column's body the window's height less 200 px): those a column renders in the frame of its
 * answer; the rest, below the fold, come in the task after that frame is painted.
 */
const cardsInFirstFrame = () => Math.ceil(window.innerHeight / 64);

/** The card's win probability, or why there is none. */
function probabilityText(card: BoardCard | undefined): string {
  if (typeof card?.probability === 'number') return `${formatPercent(card.probability)} to win`;
  if (card?.probabilityRead === 'done') return 'Not scored';
  return card?.probabilityRead === 'failed' ? 'Probability unknown' : 'Probability…';
}

/**
 * One status's loaded deals, filtered by owner, close date, amount and to those at risk (with a
 * note of those still being checked), in the chosen order.
 */
export function DealGroup({
  status,
  view,
  ownerId,
}: {
  status: DealStatus;
  view: BoardView;
  /** Only this member's deals (the owner filter); null: everyone's. */
  ownerId: string | null;
}) {
  const { atRiskOnly, sort } = view;
  const deals = useInfiniteQuery(dealQueries.board(status));
  const ownerName = useMemberNames();
  const waitingRescore = useQueuedParents('scoring');
  const currency = useWorkspaceCurrency();
  const pages = deals.data?.pages ?? [];
  const copyTotals = pages[0]?.totals ?? null;
  const countedTotals = useStatusTotals(status, deals.data !== undefined && copyTotals === null);
  const totals: StatusTotals | null = copyTotals
    ? { ...copyTotals, complete: true, endless: false, failed: false }
    : countedTotals;
  const headingId = `group-${status}`;
  const loaded = recordsOf(pages);
  const held = new Map(pages.flatMap((page) => Object.entries(page.facts)));
  const warningSets = useWarningSets(loaded, held);
  const warnings = new Map([...warningSets].map(([id, set]) => [id, set?.shown]));
  const [snoozing, setSnoozing] = useState<SnoozeRequest | null>(null);
  // `H` on a card: snooze one of its warnings, or wake one snoozed.
  const onCardKey = (deal: Deal) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== 'h' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    const set = warningSets.get(deal.id);
    if (!set) useUndoOffer.getState().tell('This deal’s warnings are still being read.');
    else if (set.shown.length + set.snoozed.length === 0)
      useUndoOffer.getState().tell('This deal has no warning to snooze.');
    else setSnoozing({ dealId: deal.id, dealTitle: deal.title ?? 'Untitled deal', set });
  };
  const facts = useCardFacts(loaded, sort?.key ?? null, held);
  const checking = loaded.filter((deal) => warnings.get(deal.id) === undefined).length;
  const items = loaded.filter(
    (deal) =>
      (ownerId === null || deal.owner_id === ownerId) &&
      (!atRiskOnly || (warnings.get(deal.id)?.length ?? 0) > 0) &&
      inRanges(facts.byId.get(deal.id)!, view),
  );
  if (sort) {
    const compare = compareCards(sort.key, sort.direction);
    items.sort((a, b) => compare(facts.byId.get(a.id)!, facts.byId.get(b.id)!));
  }
  const filtered = items.length < loaded.length;
  // Rendering a column's 25 cards in the frame of its answer made the five columns' answers take
  // about 180 ms to paint from a click (docs/benchmarks.md, "Screens on a synced copy"); the cards
  // in view are painted first, and every card is there a frame later, for j/k and scrolling.
  const cardsPainted = useValueAfterPaint(!deals.isPending, false);
  const rendered = cardsPainted ? items : items.slice(0, cardsInFirstFrame());
  return (
    <section className="deal-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="group-title">
        <span className={`dot status-${status.toLowerCase()}`} aria-hidden="true" />
        {humanize(status)}
        {deals.data && (
          <span className="muted count">
            {items.length}
            {listEnded(deals.data.pages) ? '' : '+'}
          </span>
        )}
      </h2>
      <p className="group-total muted small">
        {totals === null
          ? 'Counting…'
          : `${totals.complete ? '' : 'At least '}${totals.count} ${totals.count === 1 ? 'deal' : 'deals'} · ${formatAmount(totals.amount, undefined, currency)}${totals.complete ? '' : totals.failed ? ' (partial: a page could not be read)' : totals.endless ? ' (partial: the service’s list does not end)' : ' (partial, counting…)'}`}
      </p>
      <div className="group-body">
        {atRiskOnly && checking > 0 && (
          <p className="muted small" role="status">
            Checking {checking} {checking === 1 ? 'deal' : 'deals'} for warnings…
          </p>
        )}
        {facts.reading > 0 && (
          <p className="muted small" role="status">
            Reading {facts.reading} {facts.reading === 1 ? 'deal' : 'deals'} to sort them…
          </p>
        )}
        {deals.isPending ? (
          <SkeletonRows rows={4} height={84} label={`Loading ${humanize(status)} deals`} />
        ) : deals.isError ? (
          <ErrorState error={deals.error} onRetry={() => deals.refetch()} />
        ) : items.length === 0 ? (
          <>
            <UnreadableNotice answers={deals.data.pages} />
            <EmptyState
              title={`No ${humanize(status).toLowerCase()} deals${filtered && loaded.length > 0 ? ' match the filters' : ''}`}
            />
          </>
        ) : (
          <>
            <UnreadableNotice answers={deals.data.pages} />
            <ul className="deal-cards">
              {rendered.map((deal) => (
                <li key={deal.id}>
                  <DealLink
                    dealId={deal.id}
                    className="deal-card"
                    onKeyDown={onCardKey(deal)}
                    // Its warnings (or the snoozes that hide them) still being read: the card is not whole yet.
                    aria-busy={warningSets.get(deal.id) === undefined || undefined}
                    {...listItem}
                  >
                    <span className="deal-title">{deal.title ?? 'Untitled deal'}</span>
                    <span className="deal-meta">
                      <span>{ownerName(deal.owner_id)}</span>
                      <span className="amount">{formatAmount(deal.forecast_amount, undefined, currency)}</span>
                    </span>
                    <span className="deal-meta muted small">
                      <span>Closes {formatDate(deal.close_date)}</span>
                      <span className="card-probability">{probabilityText(facts.byId.get(deal.id))}</span>
                    </span>
                    <DealWarningList warnings={warnings.get(deal.id)} />
                    {(warningSets.get(deal.id)?.snoozed.length ?? 0) > 0 && (
                      <span className="muted small snoozed-line">
                        {snoozedWords(warningSets.get(deal.id)!.snoozed)}
                      </span>
                    )}
                    {waitingRescore.has(deal.id) && (
                      <span className="badge tone-fair">Re-score waiting to be sent</span>
                    )}
                  </DealLink>
                </li>
              ))}
            </ul>
          </>
        )}
        <WarningSnoozeDialog request={snoozing} onClose={() => setSnoozing(null)} />
        <InfiniteSentinel
          hasNextPage={deals.hasNextPage}
          isFetchingNextPage={deals.isFetchingNextPage}
          fetchNextPage={deals.fetchNextPage}
          label={`Load more ${humanize(status).toLowerCase()} deals`}
        />
      </div>
    </section>
  );
}
