import { useDeferredValue, useId, useState } from 'react';
import type { DealChange } from '../../shared/what-changed';
import { listItem } from '../navigation/list-items';
import { CallLink } from '../records/CallLink';
import { DealLink } from '../records/DealLink';
import { formatDateTime } from '../shared-ui/format';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { changeWords, type WordsContext } from './change-words';
import { type ChangesView, groupChanges } from './changes-view';

/** Rows a group shows before "Show all": a week of a large team reads at a glance, the rest on asking. */
const ROWS_AT_FIRST = 50;

/**
 * Rows of the screen's first frame, across groups: more than the tallest window shows. The rest
 * follow in a render React runs in the background right after that frame (a key pressed meanwhile
 * goes first), so hundreds of changes do not hold back the first look at them.
 */
const ROWS_IN_FIRST_FRAME = 30;

export function ChangeGroups({
  changes,
  group,
  names,
}: {
  changes: readonly DealChange[];
  group: ChangesView['group'];
  names: Readonly<Record<string, string>>;
}) {
  const currency = useWorkspaceCurrency();
  const context: WordsContext = { nameOf: (memberId) => names[memberId] ?? memberId, currency };
  const rowsToPaint = useDeferredValue(Number.POSITIVE_INFINITY, ROWS_IN_FIRST_FRAME);
  let rowsLeft = rowsToPaint;
  const groups = groupChanges(changes, group, context.nameOf).flatMap((each) => {
    if (rowsLeft <= 0) return [];
    const rows = rowsLeft;
    rowsLeft -= Math.min(each.changes.length, ROWS_AT_FIRST);
    return [{ ...each, rows }];
  });
  return (
    <div className="change-groups">
      {groups.map((each) => (
        <ChangeGroup
          key={each.key}
          title={each.title}
          changes={each.changes}
          rowsToPaint={each.rows}
          group={group}
          context={context}
        />
      ))}
    </div>
  );
}

function ChangeGroup({
  title,
  changes,
  rowsToPaint,
  group,
  context,
}: {
  title: string;
  changes: readonly DealChange[];
  /** Of the rows shown, how many this render paints (the first frame's share; the rest right after). */
  rowsToPaint: number;
  group: ChangesView['group'];
  context: WordsContext;
}) {
  const titleId = useId();
  const [limit, setLimit] = useState(ROWS_AT_FIRST);
  const painted = Math.min(limit, rowsToPaint);
  return (
    <section className="change-group" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {title} <span className="count muted">{changes.length}</span>
      </h2>
      <ul className="framed-list">
        {changes.slice(0, painted).map((change) => (
          <li key={change.key}>
            <ChangeRow change={change} group={group} context={context} />
          </li>
        ))}
      </ul>
      {changes.length > limit && painted === limit && (
        <button type="button" className="button small" onClick={() => setLimit(changes.length)}>
          Show all {changes.length}
        </button>
      )}
    </section>
  );
}

/** The call a change is about, when it is about one: its row opens the call, any other the deal. */
function callOf(change: DealChange): string | null {
  if (change.kind === 'call' || change.kind === 'checklist') return change.callId;
  if (change.kind === 'activity') return change.callId;
  return null;
}

function ChangeRow({
  change,
  group,
  context,
}: {
  change: DealChange;
  group: ChangesView['group'];
  context: WordsContext;
}) {
  const words = changeWords(change, context);
  const owner = change.ownerId ? context.nameOf(change.ownerId) : 'No owner';
  const content = (
    <>
      <span className={`change-label${words.direction ? ` ${words.direction}` : ''}`}>{words.label}</span>
      <span className="change-subject">
        {change.dealTitle ?? (change.dealId ? 'Untitled deal' : 'No deal')}
        {change.dealGone && change.kind !== 'removed' && <span className="muted"> (removed)</span>}
      </span>
      <span className="change-detail">{words.detail}</span>
      <span className="change-meta muted">
        {group === 'kind' && <span>{owner} · </span>}
        <time dateTime={change.at}>{formatDateTime(change.at)}</time>
      </span>
    </>
  );
  const callId = callOf(change);
  if (callId) {
    return (
      <CallLink callId={callId} className="change-row" {...listItem}>
        {content}
      </CallLink>
    );
  }
  if (change.dealId) {
    return (
      <DealLink dealId={change.dealId} className="change-row" {...listItem}>
        {content}
      </DealLink>
    );
  }
  return (
    <div className="change-row" tabIndex={-1} {...listItem}>
      {content}
    </div>
  );
}
