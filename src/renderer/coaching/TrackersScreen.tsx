import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Tracker, TrackerCall, TrackerReport } from '../../shared/trackers';
import { listItem } from '../navigation/list-items';
import { LinkAhead } from '../navigation/render-ahead';
import { Link, navigate } from '../navigation/router';
import { paths, type TrackersAddress } from '../navigation/routes';
import { CallLink } from '../records/CallLink';
import { prefetchCall } from '../records/call-reads';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDate } from '../shared-ui/format';
import { isTypingTarget } from '../shared-ui/key-shortcut';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { ATTRIBUTION_RULE, ruleWords } from './attribution';
import { TrackerChart } from './TrackerChart';
import { TrackerForm } from './TrackerForm';
import { callsOfGroup, trackerGroups } from './tracker-groups';
import { trackerQueries, useTrackerActions } from './tracker-queries';
import './coaching.css';

const sideWords = { any: 'anyone’s lines', seller: 'the seller side’s lines', buyer: 'the buyer side’s lines' };
export const LATE_RULE =
  'Late: the deal’s first call with a mention came in the last third of its calls so far (a deal with 3 calls or more).';

/**
 * The manager's trackers (`G X`): phrases followed over every transcript of the local copy (and
 * the service's search for calls not copied yet), week by week, by rep and by deal. Enter on a
 * row lists its hits, each opening the transcript at its line; the tracker shown and the row open
 * live in the address, so Back closes the hits.
 */
export function TrackersScreen({ view }: { view: TrackersAddress }) {
  const trackers = useQuery(trackerQueries.list());
  const actions = useTrackerActions();
  const [form, setForm] = useState<{ editing: Tracker | null } | null>(null);
  const list = trackers.data ?? [];
  const shown = list.find((tracker) => tracker.id === view.tracker) ?? list[0] ?? null;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === 'a') setForm({ editing: null });
      else if (event.key === 'e' && shown) setForm({ editing: shown });
      else if (event.key === 'Delete' && shown) void actions.remove(shown.id);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  return (
    <div className="screen wide trackers-screen">
      <div className="screen-header">
        <h1>Trackers</h1>
        <button
          type="button"
          className="button primary"
          onClick={() => setForm({ editing: null })}
          aria-keyshortcuts="A"
        >
          Add tracker
        </button>
      </div>
      {trackers.isPending ? (
        <SkeletonRows rows={3} height={40} label="Loading the trackers" />
      ) : trackers.isError ? (
        <ErrorState error={trackers.error} onRetry={() => trackers.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No tracker yet">
          A tracker follows phrases (“pricing”, “security review”) through every call in the local copy, week by week,
          by rep and by deal. Press A to add one.
        </EmptyState>
      ) : (
        <div className="trackers-layout">
          <nav aria-label="Trackers" className="tracker-list">
            <ul className="plain-list">
              {list.map((tracker) => (
                <li key={tracker.id}>
                  <Link
                    to={paths.trackers({ tracker: tracker.id })}
                    aria-current={tracker.id === shown?.id ? 'page' : undefined}
                    className="tracker-link"
                    {...listItem}
                  >
                    <span className="tracker-name">{tracker.name}</span>
                    <span className="muted small">{tracker.phrases.join(', ')}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {shown && (
            <TrackerView
              key={shown.id}
              tracker={shown}
              hits={shown.id === view.tracker ? view.hits : null}
              onEdit={() => setForm({ editing: shown })}
              onRemove={() => void actions.remove(shown.id)}
            />
          )}
        </div>
      )}
      {form && (
        <TrackerForm
          editing={form.editing}
          onClose={() => setForm(null)}
          onSave={async (definition) => {
            const id = await actions.define(definition, form.editing?.id);
            if (id) navigate(paths.trackers({ tracker: id }), { replace: true });
            return id !== null;
          }}
        />
      )}
    </div>
  );
}

function TrackerView({
  tracker,
  hits,
  onEdit,
  onRemove,
}: {
  tracker: Tracker;
  hits: string | null;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const report = useQuery(trackerQueries.report(tracker.id));
  const nameOf = useMemberNames();
  const repName = (repKey: string) => (repKey === 'rep:' ? 'Unattributed' : nameOf(repKey.slice(4)));
  const scope =
    tracker.scope.kind === 'all'
      ? 'all calls'
      : tracker.scope.kind === 'rep'
        ? `${nameOf(tracker.scope.memberId)}’s calls`
        : 'one deal’s calls';
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hits) panel.current?.focus();
  }, [hits]);
  const closeHits = () => {
    navigate(paths.trackers({ tracker: tracker.id }), { replace: true });
    document.querySelector<HTMLElement>(`[data-group="${CSS.escape(hits ?? '')}"]`)?.focus();
  };

  return (
    <section className="tracker-view" aria-labelledby="tracker-heading">
      <div className="screen-header">
        <h2 id="tracker-heading">{tracker.name}</h2>
        <div className="actions">
          <button type="button" className="button" onClick={onEdit} aria-keyshortcuts="E">
            Edit
          </button>
          <button type="button" className="button" onClick={onRemove} aria-keyshortcuts="Delete">
            Remove
          </button>
        </div>
      </div>
      <p className="muted small">
        {tracker.phrases.map((phrase) => `“${phrase}”`).join(', ')} in {sideWords[tracker.side]}, {scope}. A mention is
        a line that says one of them. Weeks are ISO weeks (Monday to Sunday, UTC). {ATTRIBUTION_RULE} {LATE_RULE}
      </p>
      {report.isPending ? (
        <SkeletonRows rows={4} height={40} label="Computing the tracker" />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          {report.data.coverage.note && <p className="copy-note small">{report.data.coverage.note}</p>}
          {hits ? (
            <section
              ref={panel}
              className="card tracker-hits"
              aria-labelledby="tracker-hits-heading"
              tabIndex={-1}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  closeHits();
                } else if (event.key === 'j' && event.target === panel.current) {
                  // From the hits' heading j steps into them, not back to the first tracker.
                  event.preventDefault();
                  panel.current.querySelector<HTMLElement>('[data-list-item]')?.focus();
                }
              }}
            >
              <TrackerHits
                tracker={tracker}
                report={report.data}
                group={hits}
                title={groupTitle(report.data, hits, repName)}
                onClose={closeHits}
              />
            </section>
          ) : report.data.calls.length === 0 ? (
            <p className="muted">No call mentions these phrases yet.</p>
          ) : (
            <ReportTables tracker={tracker} report={report.data} repName={repName} />
          )}
        </>
      )}
    </section>
  );
}

function groupTitle(report: TrackerReport, key: string, repName: (repKey: string) => string): string {
  if (key.startsWith('week:')) return `Week ${key.slice(5)}`;
  if (key.startsWith('rep:')) return repName(key);
  const dealId = key.slice(5);
  return report.deals.find((deal) => deal.dealId === dealId)?.title ?? dealId;
}

function ReportTables({
  tracker,
  report,
  repName,
}: {
  tracker: Tracker;
  report: TrackerReport;
  repName: (repKey: string) => string;
}) {
  const open = (key: string) => paths.trackers({ tracker: tracker.id, hits: key });
  const weekGroups = new Map(trackerGroups(report, 'week').map((group) => [group.key, group]));
  const dealGroups = new Map(trackerGroups(report, 'deal').map((group) => [group.key, group]));
  const deals = [...report.deals].sort(
    (a, b) =>
      Number(b.late) - Number(a.late) ||
      (dealGroups.get(`deal:${b.dealId}`)?.mentions ?? 0) - (dealGroups.get(`deal:${a.dealId}`)?.mentions ?? 0),
  );
  return (
    <>
      <TrackerChart report={report} nameOf={repName} />
      <div className="tracker-tables">
        <ReportTable caption="By rep" columns={[['Rep'], ['Calls with a mention', 'numeric'], ['Mentions', 'numeric']]}>
          {trackerGroups(report, 'rep').map((group) => (
            <tr key={group.key}>
              <th scope="row">
                <Link to={open(group.key)} data-group={group.key} {...listItem}>
                  {repName(group.key)}
                </Link>
              </th>
              <td className="numeric">{group.calls.length}</td>
              <td className="numeric">{group.mentions}</td>
            </tr>
          ))}
        </ReportTable>
        <ReportTable caption="By deal" columns={[['Deal'], ['Mentions', 'numeric'], ['First mentioned']]}>
          {deals.map((deal) => {
            const key = `deal:${deal.dealId}`;
            return (
              <tr key={deal.dealId}>
                <th scope="row">
                  <Link to={open(key)} data-group={key} {...listItem}>
                    {deal.title || (deal.held ? 'Untitled deal' : deal.dealId)}
                  </Link>
                  {!deal.held && <span className="muted small"> (not in the local copy)</span>}
                </th>
                <td className="numeric">{dealGroups.get(key)?.mentions ?? 0}</td>
                <td>
                  {deal.firstAt === null ? (
                    <span className="muted">Not known here</span>
                  ) : (
                    <>
                      call {deal.firstAt} of {deal.calls}
                      {deal.late && <span className="badge tone-fair late-badge">Late</span>}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </ReportTable>
      </div>
      <ReportTable
        caption="By week"
        columns={[
          ['Week'],
          ['Calls searched here', 'numeric'],
          ['Mentions in them', 'numeric'],
          ['Per call', 'numeric'],
          ['Calls with a mention', 'numeric'],
        ]}
      >
        {[...report.weeks].reverse().map((week) => {
          const key = `week:${week.week}`;
          const group = weekGroups.get(key);
          return (
            <tr key={week.week}>
              <th scope="row">
                {group ? (
                  <Link to={open(key)} data-group={key} {...listItem}>
                    {week.week}
                  </Link>
                ) : (
                  week.week
                )}{' '}
                <span className="muted small">
                  from {formatDate(new Date(week.start).toISOString(), undefined, 'UTC')}
                </span>
              </th>
              <td className="numeric">{week.calls}</td>
              <td className="numeric">{week.mentions}</td>
              <td className="numeric">{week.calls === 0 ? '—' : (week.mentions / week.calls).toFixed(2)}</td>
              <td className="numeric">{group?.calls.length ?? 0}</td>
            </tr>
          );
        })}
      </ReportTable>
    </>
  );
}

/** One of the report's tables: its caption, its column headings (numbers right-aligned), its rows. */
function ReportTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: [heading: string, align?: 'numeric'][];
  children: ReactNode;
}) {
  return (
    <table className="table compact">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map(([heading, align]) => (
            <th key={heading} scope="col" className={align}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function TrackerHits({
  tracker,
  report,
  group,
  title,
  onClose,
}: {
  tracker: Tracker;
  report: TrackerReport;
  group: string;
  title: string;
  onClose: () => void;
}) {
  const calls = callsOfGroup(report, group);
  const held = calls.filter((call) => call.source === 'replica').map((call) => call.callId);
  const lines = useQuery(trackerQueries.lines(tracker.id, held.slice(0, 500)));
  const nameOf = useMemberNames();
  return (
    <>
      <div className="screen-header">
        <h3 id="tracker-hits-heading">
          {title} <span className="muted">· {calls.length} calls with a mention</span>
        </h3>
        <button type="button" className="button" onClick={onClose} aria-keyshortcuts="Escape">
          Back to the tracker
        </button>
      </div>
      {lines.isError && <ErrorState error={lines.error} onRetry={() => lines.refetch()} />}
      <ol className="plain-list tracker-calls">
        {calls.map((call) => (
          <HitCall
            key={call.callId}
            call={call}
            phrases={tracker.phrases}
            lines={
              call.source === 'service' ? call.lines : (lines.data ?? []).filter((line) => line.callId === call.callId)
            }
            loading={call.source === 'replica' && lines.isPending}
            owner={call.memberId ? `${nameOf(call.memberId)} (${ruleWords[call.rule!]})` : 'Unattributed'}
          />
        ))}
      </ol>
    </>
  );
}

function HitCall({
  call,
  phrases,
  lines,
  loading,
  owner,
}: {
  call: TrackerCall;
  phrases: readonly string[];
  lines: TrackerCall['lines'];
  loading: boolean;
  owner: string;
}) {
  const queryClient = useQueryClient();
  const title = call.title || 'Untitled call';
  return (
    <li className="tracker-call">
      <div className="miss-header">
        <CallLink callId={call.callId}>{title}</CallLink>
        {call.source === 'service' && <span className="badge">Found by the service (not synced yet)</span>}
      </div>
      <p className="muted small">
        {formatDate(call.createdAt)}
        {call.dealTitle && ` · ${call.dealTitle}`} · {owner} · {call.mentions}{' '}
        {call.mentions === 1 ? 'mention' : 'mentions'}
      </p>
      {loading ? (
        <SkeletonRows rows={1} height={24} label="Loading the lines" />
      ) : (
        <ul className="plain-list quotes" aria-label={`Mentions in ${title}`}>
          {lines.map((line) => (
            <li key={line.segmentId}>
              <LinkAhead
                to={paths.call(call.callId, { segmentId: line.segmentId, highlight: phraseIn(line.text, phrases) })}
                prepare={() => prefetchCall(queryClient, call.callId)}
                className="quote"
                {...listItem}
              >
                {line.start !== null && <span className="muted small">{formatClock(line.start)} </span>}
                {line.speaker && <span className="muted small">{line.speaker}: </span>}“{line.text}”
              </LinkAhead>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The phrase a line says, to mark in the transcript (the first, when it says several). */
function phraseIn(text: string, phrases: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return phrases.find((phrase) => lower.includes(phrase.toLowerCase()));
}
