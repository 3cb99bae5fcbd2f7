import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { QueueReason } from '../../shared/bridge';
import type { ReviewDecision } from '../../shared/review-queue';
import { GO_TO_WINDOW_MS } from '../navigation/go-to-window';
import { listItem } from '../navigation/list-items';
import { Link, navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { openNoteEditor } from '../notes/note-editor';
import { EmptyState } from '../shared-ui/EmptyState';
import { formatAmount, formatClock, formatDate, formatDateTime } from '../shared-ui/format';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { ruleWords } from './attribution';
import { CallSnoozeDialog } from './CallSnoozeDialog';
import type { RankedCall } from './review-ranking';
import { useReviewActions } from './useReviewActions';

function reasonWords(reason: QueueReason): string {
  switch (reason.kind) {
    case 'not-met':
      return `Not met: ${reason.item}`;
    case 'partly-met':
      return `Partly met: ${reason.item}`;
    case 'monologue':
      return `Seller monologue of ${formatClock(reason.seconds)}`;
    case 'deal-warning':
      return `Deal: ${reason.text}`;
    case 'tracker-hit':
      return `Tracker “${reason.tracker}”: ${reason.mentions} ${reason.mentions === 1 ? 'mention' : 'mentions'}`;
  }
}

const UNDO_HINT = 'Ctrl Z undoes it.';

/**
 * The ranked calls, one row each: `1`, `2`, `3` and `H` decide on the row in focus, which leaves
 * at once, focus moving to the next; Enter opens the call.
 */
export function ReviewQueueTable({
  calls,
  nameOf,
  empty,
}: {
  calls: readonly RankedCall[];
  nameOf: (memberId: string) => string;
  /** Why nothing is listed, when nothing is. */
  empty: string;
}) {
  const currency = useWorkspaceCurrency();
  const { decide } = useReviewActions();
  const [snoozing, setSnoozing] = useState<RankedCall | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusNext = useRef<string | null>(null);
  // `G` then a letter goes to a screen (`G H`: Webhooks), so a key right after `G` is not a decision.
  const goPressedAt = useRef(Number.NEGATIVE_INFINITY);
  const ids = calls.map((call) => call.callId).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, after a decision
  useEffect(() => {
    if (focusNext.current === null) return;
    const row = body.current?.querySelector<HTMLElement>(`tr[data-call-id="${CSS.escape(focusNext.current)}"]`);
    if (row) {
      row.focus();
      focusNext.current = null;
    }
  }, [ids]);

  const repOf = (call: RankedCall) => (call.memberId ? nameOf(call.memberId) : 'No rep');
  const apply = (call: RankedCall, decision: ReviewDecision, words: string) => {
    const index = calls.indexOf(call);
    focusNext.current = (calls[index + 1] ?? calls[index - 1])?.callId ?? null;
    void decide(call.callId, decision, `${words} ${UNDO_HINT}`);
  };
  const title = (call: RankedCall) => `“${call.title ?? 'Untitled call'}”`;

  const onKeyDown = (call: RankedCall) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    const afterGo = event.timeStamp - goPressedAt.current < GO_TO_WINDOW_MS;
    goPressedAt.current = key === 'g' ? event.timeStamp : Number.NEGATIVE_INFINITY;
    if (afterGo || key === 'g') return;
    if (key === '1') apply(call, { kind: 'reviewed', snoozeUntil: null }, `${title(call)} marked reviewed.`);
    else if (key === '2')
      apply(call, { kind: 'one-on-one', snoozeUntil: null }, `${title(call)} added to ${repOf(call)}’s next 1:1.`);
    else if (key === '3') apply(call, { kind: 'dismissed', snoozeUntil: null }, `${title(call)} dismissed.`);
    else if (key === 'h') setSnoozing(call);
    else if (key === 'n') openNoteEditor({ place: { kind: 'call', id: call.callId } });
    else if (key === 'enter') navigate(paths.call(call.callId));
    else return;
    event.preventDefault();
  };

  if (calls.length === 0) {
    return (
      <EmptyState title="Nothing to review">
        <p className="muted">{empty}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <table className="table review-queue">
        <caption className="visually-hidden">Calls to review, most points first</caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">
              Points
            </th>
            <th scope="col">Call</th>
            <th scope="col">Rep</th>
            <th scope="col">Deal</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {calls.map((call) => (
            <tr
              key={call.callId}
              data-call-id={call.callId}
              tabIndex={-1}
              {...listItem}
              aria-keyshortcuts="1 2 3 H Enter"
              onKeyDown={onKeyDown(call)}
            >
              <td className="numeric review-points">{call.points}</td>
              <td>
                <Link to={paths.call(call.callId)} tabIndex={-1}>
                  {call.title ?? 'Untitled call'}
                </Link>
                <div className="muted small">
                  {call.snoozedUntil
                    ? `Snoozed until ${formatDate(call.snoozedUntil)}, back now`
                    : `Came in ${formatDateTime(call.cameAt)}`}
                </div>
              </td>
              <td>
                {repOf(call)}
                <div className="muted small">{call.rule ? ruleWords[call.rule] : 'unattributed'}</div>
              </td>
              <td>
                {call.dealTitle ?? (call.dealId ? 'Deal not in the local copy' : 'No deal')}
                {call.dealAmount !== null && (
                  <div className="muted small">{formatAmount(call.dealAmount, undefined, currency)}</div>
                )}
              </td>
              <td>
                {call.reasons.length === 0 ? (
                  <span className="muted">Nothing flagged</span>
                ) : (
                  <ul className="review-reasons">
                    {call.reasons.map((reason) => (
                      <li key={reasonWords(reason)}>{reasonWords(reason)}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CallSnoozeDialog
        call={snoozing}
        onClose={() => setSnoozing(null)}
        onSnooze={(call, until) => {
          setSnoozing(null);
          apply(
            call,
            { kind: 'snoozed', snoozeUntil: until.toISOString() },
            `${title(call)} snoozed to ${formatDate(until.toISOString())}.`,
          );
        }}
      />
    </>
  );
}
