import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { SalesEvent } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { DealName } from '../deals/DealName';
import { JobProgress } from '../jobs/JobProgress';
import { startAction, useLiveJob } from '../jobs/useLiveJob';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { useOfflineReason } from '../replica/queries';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { RefusedNote } from '../shared-ui/RefusedNote';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { Tabs } from '../shared-ui/Tabs';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { isWholeScreenError } from '../shared-ui/whole-screen-error';
import { useRefusal } from '../state/refused-actions';
import { AnalysisHistory } from './AnalysisHistory';
import { ChecklistPanel } from './ChecklistPanel';
import { callStatusTones } from './call-status';
import { ExportDialog } from './export/ExportDialog';
import { analysisJob, callQueries } from './queries';
import { SalesEventsPanel } from './SalesEventsPanel';
import { SummaryPanel } from './SummaryPanel';
import { TalkTime } from './TalkTime';
import { Transcript } from './Transcript';
import type { TranscriptFocus } from './transcript-focus';
import { type TranscriptLine, TranscriptLines } from './transcript-lines';
import { lineAtMoment, quoteFinder } from './transcript-lookup';
import './calls.css';

/** The line a sales event points at, or the first one said at or after its moment (in seconds). */
function lineOfEvent(
  lines: readonly TranscriptLine[],
  event: SalesEvent,
  start: number | null,
): TranscriptLine | undefined {
  return (
    lines.find((line) => line.id === event.segment_id) ??
    (start === null ? undefined : lines.find((line) => line.end !== null && line.end >= start))
  );
}

/**
 * A call: its facts, summary, checklist, sales events, analyses and transcript. Each is its own
 * read and its own panel: one that fails or cannot be read shows why, and the rest still show.
 * `segmentId` and `highlight` (a search result, a notification) or `seconds` (a moment link) come from the address.
 */
export function CallScreen({
  callId,
  segmentId,
  highlight,
  seconds,
}: {
  callId: string;
  segmentId: string | null;
  highlight: string | null;
  /** A moment link's time: the line said then is brought into view and marked. */
  seconds: number | null;
}) {
  const video = useQuery(callQueries.detail(callId));
  const transcript = useQuery(callQueries.transcript(callId));
  const summary = useQuery(callQueries.summary(callId));
  const checklist = useQuery(callQueries.checklist(callId));
  const events = useQuery(callQueries.events(callId));
  const analyses = useInfiniteQuery(callQueries.analyses(callId));
  const { start, job, startedAt, running } = useLiveJob(analysisJob, callId, analyses.data?.pages[0]?.data[0]);
  const offlineReason = useOfflineReason();
  const [tab, setTab] = useState('summary');
  const [exporting, setExporting] = useState(false);
  useKeyShortcut('e', () => setExporting(true));
  const call = video.data?.data;
  const lines = useMemo(
    () => new TranscriptLines(transcript.data?.data ?? [], call?.duration_seconds),
    [transcript.data, call?.duration_seconds],
  );
  const findQuote = useMemo(() => quoteFinder(() => lines.all()), [lines]);
  // A moment link names a time, not a segment: the line said then, once the transcript is here.
  const momentSegmentId = seconds === null ? null : (lines.all()[lineAtMoment(lines.all(), seconds)]?.id ?? null);
  const routeSegmentId = segmentId ?? momentSegmentId;
  const routeFocus = useMemo(
    () => (routeSegmentId ? { segmentId: routeSegmentId, highlight, seq: 0 } : null),
    [routeSegmentId, highlight],
  );
  // A jump made on the page holds until the address changes (another search result in the same call).
  const [jump, setJump] = useState<{ focus: TranscriptFocus; from: TranscriptFocus | null } | null>(null);
  const focus = jump && jump.from === routeFocus ? jump.focus : routeFocus;

  const jumpTo = (line: TranscriptLine | undefined, mark: string | null) => {
    if (line) {
      setJump({ focus: { segmentId: line.id, highlight: mark, seq: (focus?.seq ?? 0) + 1 }, from: routeFocus });
    }
  };

  const exportSource = {
    call: {
      title: call?.title,
      createdAt: call?.created_at,
      recorded: call?.created_at ? formatDateTime(call.created_at) : null,
    },
    // Read only when an export is made: converting every line waits for that.
    get lines() {
      return lines.all();
    },
    summary: summary.data?.data ?? null,
    checklist: checklist.data?.data ?? null,
  };
  const refusal = useRefusal(startAction('analysis'));
  const jobSlot = useRef<HTMLDivElement>(null);
  // The button is disabled while the job runs: focus goes to the job line, not to the page.
  const analyze = () => {
    jobSlot.current?.focus();
    start.mutate();
  };
  const analyzeButton = (
    <>
      <button
        type="button"
        className="button primary"
        disabled={running || offlineReason !== null || refusal !== null}
        title={offlineReason ?? undefined}
        aria-describedby={refusal ? 'analyze-refused' : undefined}
        onClick={analyze}
      >
        {running ? 'Analysing…' : 'Analyze'}
      </button>
      {offlineReason && <span className="muted small">{offlineReason}</span>}
    </>
  );
  const notAnalysed = (
    <EmptyState title="This call has not been analysed yet">
      <p>An analysis writes the summary, evaluates the checklist and finds the sales events.</p>
      {!running && analyzeButton}
    </EmptyState>
  );

  if (video.isError && isWholeScreenError(video.error)) {
    return (
      <div className="screen">
        <BackLink />
        <h1>Call</h1>
        <ErrorState error={video.error} onRetry={() => video.refetch()} />
      </div>
    );
  }
  return (
    <div className="screen wide">
      <BackLink />
      <div className="screen-header">
        <h1>{call ? call.title || 'Untitled call' : video.isError ? 'Call' : 'Loading call…'}</h1>
        <div className="header-actions">
          <button type="button" className="button" onClick={() => setExporting(true)} aria-keyshortcuts="e">
            Export…
          </button>
          {analyzeButton}
        </div>
      </div>
      <RefusedNote id="analyze-refused" action="Analyze" reason={refusal} />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        source={exportSource}
        unavailable={{
          transcript: transcript.isPending
            ? 'loading'
            : transcript.isError
              ? 'could not be read'
              : lines.length === 0
                ? 'no transcript'
                : undefined,
          summary:
            summary.isPending || checklist.isPending
              ? 'loading'
              : summary.isError || checklist.isError
                ? 'could not be read'
                : summary.data === null && checklist.data === null
                  ? 'not analysed yet'
                  : undefined,
        }}
      />
      {video.isError ? (
        <ErrorState error={video.error} onRetry={() => video.refetch()} title="This call’s details could not be read" />
      ) : call ? (
        <dl className="facts inline">
          <dt>Status</dt>
          <dd>
            <StatusBadge value={call.status} tones={callStatusTones} />
          </dd>
          <dt>Recorded</dt>
          <dd>{formatDateTime(call.created_at)}</dd>
          <dt>Duration</dt>
          <dd>{typeof call.duration_seconds === 'number' ? formatClock(call.duration_seconds) : '—'}</dd>
          <dt>Type</dt>
          <dd>{call.call_type ? humanize(call.call_type) : '—'}</dd>
          <dt>Deal</dt>
          <dd>
            <DealName dealId={call.deal_id ?? null} />
          </dd>
        </dl>
      ) : (
        <SkeletonBlock height={24} label="Loading call" />
      )}
      <div className="job-slot" ref={jobSlot} tabIndex={-1}>
        {start.isError && <InlineError error={start.error} />}
        <JobProgress
          job={job}
          startedAt={startedAt}
          runningLabel="Analysing this call"
          completed={(analysis) =>
            typeof analysis.result?.sales_event_count === 'number'
              ? `Analysed: ${analysis.result.sales_event_count} sales events found; the summary and checklist are up to date.`
              : 'Analysed: the summary and checklist are up to date.'
          }
        />
      </div>
      <div className="call-layout">
        <section className="card" aria-label="Call insights">
          <Tabs
            label="Call insights"
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: 'summary',
                label: 'Summary',
                content: <SummaryPanel summary={summary} notAnalysed={notAnalysed} />,
              },
              {
                id: 'checklist',
                label: 'Checklist',
                content: (
                  <ChecklistPanel
                    checklist={checklist}
                    notAnalysed={notAnalysed}
                    canJump={(quote) => findQuote(quote) >= 0}
                    onQuote={(quote) => jumpTo(lines.all()[findQuote(quote)], quote)}
                  />
                ),
              },
              {
                id: 'events',
                label: 'Sales events',
                content: (
                  <SalesEventsPanel
                    events={events}
                    scale={lines.scale}
                    onJump={(event, seconds) => jumpTo(lineOfEvent(lines.all(), event, seconds), null)}
                  />
                ),
              },
              { id: 'analyses', label: 'Analyses', content: <AnalysisHistory callId={callId} /> },
            ]}
          />
        </section>
        <section className="card transcript-card" aria-labelledby="transcript-heading">
          <h2 id="transcript-heading">Transcript</h2>
          {transcript.isPending ? (
            <SkeletonBlock height={560} label="Loading transcript" />
          ) : transcript.isError ? (
            <ErrorState error={transcript.error} onRetry={() => transcript.refetch()} />
          ) : (
            <>
              <UnreadableNotice answers={[transcript.data]} />
              {lines.length === 0 ? (
                <EmptyState title="No transcript for this call" />
              ) : (
                <>
                  <TalkTime transcript={lines} />
                  <Transcript callId={callId} transcript={lines} focus={focus} />
                </>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link to={paths.calls()} className="back-link">
      ← Calls
    </Link>
  );
}
