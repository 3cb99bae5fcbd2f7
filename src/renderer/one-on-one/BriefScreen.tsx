import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { memberName } from '../../shared/api';
import { exportFileName, fileDate } from '../../shared/export-file-name';
import type { BriefCall, OneOnOneBrief } from '../../shared/one-on-one';
import { saveExport } from '../calls/export/save-export';
import { coachingQueries } from '../coaching/queries';
import { FigureTiles } from '../coaching/RepCalls';
import { RepDeals } from '../coaching/RepDeals';
import { lastWeeks } from '../coaching/weeks';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { NoteList } from '../notes/PlaceNotes';
import { CopyButton } from '../shared-ui/CopyButton';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDate, formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { memberQueries } from '../team/queries';
import { changeWords } from '../what-changed/change-words';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { briefMarkdown } from './brief-markdown';
import { sinceWords, WORTH_AN_HOUR_RULE } from './brief-words';
import { briefWrites, oneOnOneQueries } from './queries';
import './one-on-one.css';

/**
 * A rep's 1:1 brief (`P` on their page): what changed in their deals since the last 1:1, their
 * calls since with the items not met, the three calls most worth an hour, their figures against
 * the team's, the manager's notes and action items. All from the local copy, so offline too.
 */
export function BriefScreen({ memberId }: { memberId: string }) {
  const members = useQuery(memberQueries.list());
  const member = members.data?.data.find((candidate) => candidate.id === memberId);
  const brief = useQuery(oneOnOneQueries.brief(memberId));
  const name = member ? memberName(member) : (brief.data?.names[memberId] ?? 'This rep');
  const currency = useWorkspaceCurrency();
  const queryClient = useQueryClient();
  const markdown = brief.data ? briefMarkdown(brief.data, { name, currency }) : null;
  const save = useMutation({
    mutationFn: async (text: string) =>
      saveExport({
        name: exportFileName({ title: name, date: fileDate(brief.data!.builtAt), what: '1-1 brief', extension: 'md' }),
        type: 'text/markdown',
        text,
      }),
  });
  return (
    <div className="screen brief-screen">
      <Link to={paths.rep(memberId)} className="back-link">
        ← {name}
      </Link>
      <div className="screen-header">
        <h1>1:1 brief: {name}</h1>
        {markdown && (
          <div className="header-actions">
            <CopyButton value={markdown} label="Copy the brief as Markdown" />
            <button type="button" className="button small" onClick={() => save.mutate(markdown)}>
              Save as file…
            </button>
            <button
              type="button"
              className="button small primary"
              onClick={() => void briefWrites.markDone(queryClient, memberId)}
            >
              Mark 1:1 done
            </button>
          </div>
        )}
      </div>
      {save.isError && <InlineError error={save.error} />}
      {brief.isPending ? (
        <SkeletonRows rows={5} height={64} label="Reading the brief" />
      ) : brief.isError ? (
        <ErrorState error={brief.error} onRetry={() => brief.refetch()} title="The brief could not be read" />
      ) : (
        <BriefBody brief={brief.data} memberId={memberId} name={name} currency={currency} />
      )}
    </div>
  );
}

function BriefBody({
  brief,
  memberId,
  name,
  currency,
}: {
  brief: OneOnOneBrief;
  memberId: string;
  name: string;
  currency: string | null;
}) {
  const nameOf = (id: string) => brief.names[id] ?? id;
  return (
    <>
      <p className="muted">
        {sinceWords(brief.since)} Read from the local copy {formatDateTime(brief.builtAt)}.
      </p>
      <ActionItems brief={brief} memberId={memberId} />
      <section className="card" aria-labelledby="brief-worth-heading">
        <h2 id="brief-worth-heading">The three calls most worth an hour</h2>
        <p className="muted small">{WORTH_AN_HOUR_RULE}</p>
        <CallList calls={brief.worthAnHour} none="No calls since then." />
      </section>
      <section className="card" aria-labelledby="brief-changes-heading">
        <h2 id="brief-changes-heading">What changed in their deals</h2>
        {brief.changes.length === 0 ? (
          <p className="muted small">No change in their deals since then.</p>
        ) : (
          <ul className="brief-list">
            {brief.changes.map((change, index) => {
              const words = changeWords(change, { nameOf, currency });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id; the list is read whole
                <li key={index}>
                  <span className="muted small">{formatDate(change.at)}</span>{' '}
                  {change.dealId ? <Link to={paths.deal(change.dealId)}>{change.dealTitle ?? 'A deal'}</Link> : null}:{' '}
                  {words.label}: {words.detail}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="brief-deals-heading">
        <h2 id="brief-deals-heading">Their open deals and warnings</h2>
        <RepDeals memberId={memberId} />
      </section>
      <section className="card" aria-labelledby="brief-queued-heading">
        <h2 id="brief-queued-heading">Added from the review queue</h2>
        <CallList calls={brief.queued} none="No call was added to this 1:1 from the review queue." />
      </section>
      <section className="card" aria-labelledby="brief-calls-heading">
        <h2 id="brief-calls-heading">Calls since then ({brief.calls.length})</h2>
        <CallList calls={brief.calls} none="No calls since then." />
      </section>
      <section className="card" aria-labelledby="brief-figures-heading">
        <h2 id="brief-figures-heading">Their figures against the team (last 8 weeks)</h2>
        <BriefFigures memberId={memberId} />
      </section>
      <section className="card" aria-labelledby="brief-notes-heading">
        <h2 id="brief-notes-heading">Your notes on {name}, their deals and these calls</h2>
        {brief.notes.length === 0 ? (
          <p className="muted small">No notes. Press N on their page, a deal or a call to add one.</p>
        ) : (
          <NoteList notes={brief.notes} linkLines />
        )}
      </section>
    </>
  );
}

/** Each call with the items it did not meet, each suggestion opening the call at the line it rests on. */
function CallList({ calls, none }: { calls: readonly BriefCall[]; none: string }) {
  if (calls.length === 0) return <p className="muted small">{none}</p>;
  return (
    <ul className="brief-list">
      {calls.map((call) => (
        <li key={call.id}>
          <Link to={paths.call(call.id)}>{call.title ?? 'Untitled call'}</Link>{' '}
          <span className="muted small">
            {formatDate(call.createdAt)}
            {call.dealTitle ? ` · ${call.dealTitle}` : ''}
            {` · ${call.misses.length} not met`}
          </span>
          {call.misses.length > 0 && (
            <ul className="brief-misses">
              {call.misses.map((miss) => (
                <li key={miss.item}>
                  <Link to={miss.segmentId ? paths.call(call.id, { segmentId: miss.segmentId }) : paths.call(call.id)}>
                    {miss.item}
                  </Link>
                  {miss.improvement && <span className="muted small"> — try: {miss.improvement}</span>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function BriefFigures({ memberId }: { memberId: string }) {
  const [weeks] = useState(() => lastWeeks(Date.now()));
  const figures = useQuery(coachingQueries.repFigures(memberId, weeks));
  if (figures.isPending) return <SkeletonRows rows={1} height={64} label="Loading figures" />;
  if (figures.isError) return <ErrorState error={figures.error} onRetry={() => figures.refetch()} />;
  return <FigureTiles figures={figures.data} />;
}

/** Open items carried over from earlier 1:1s and those done since, each ticked at once (with undo); a field adds one. */
function ActionItems({ brief, memberId }: { brief: OneOnOneBrief; memberId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const fieldId = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void briefWrites.addItem(queryClient, memberId, text.trim());
    setText('');
  };
  return (
    <section className="card" aria-labelledby="brief-items-heading">
      <h2 id="brief-items-heading">Action items</h2>
      {brief.actionItems.length === 0 ? (
        <p className="muted small">No action items yet. Those not done carry over to the next brief.</p>
      ) : (
        <ul className="brief-items">
          {brief.actionItems.map((item) => (
            <li key={item.id}>
              <label>
                <input
                  type="checkbox"
                  checked={item.doneAt !== null}
                  onChange={(event) => void briefWrites.setDone(queryClient, item.id, event.target.checked)}
                />{' '}
                {item.text}
              </label>{' '}
              <span className="muted small">
                {item.doneAt ? `done ${formatDate(item.doneAt)}` : `open since ${formatDate(item.createdAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="brief-add-item" onSubmit={add}>
        <label htmlFor={fieldId}>New action item</label>
        <input id={fieldId} value={text} maxLength={500} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button small" disabled={!text.trim()}>
          Add
        </button>
      </form>
    </section>
  );
}
