import { useInfiniteQuery, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { humanize } from '../../shared/humanize';
import type { NotePlace } from '../../shared/private-notes';
import { JobProgress } from '../jobs/JobProgress';
import { startAction, useLiveJob } from '../jobs/useLiveJob';
import { useValueAfterPaint } from '../navigation/render-ahead';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { PlaceNotes, useNoteKey } from '../notes/PlaceNotes';
import { CALL_NOTE_KINDS } from '../notes/queries';
import { callReads } from '../records/call-reads';
import { callStatusTones } from '../records/call-status';
import { DealName } from '../records/DealName';
import { useOfflineStart } from '../replica/queries';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { RefusedNote } from '../shared-ui/RefusedNote';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { useScreenActions } from '../shared-ui/screen-actions';
import { Tabs } from '../shared-ui/Tabs';
import { isWholeScreenError } from '../shared-ui/whole-screen-error';
import { useRefusal } from '../state/refused-actions';
import { useUndoOffer } from '../state/undo-offer';
import { AnalysisHistory } from './AnalysisHistory';
import { CallTranscript } from './CallTranscript';
import { ChecklistPanel } from './ChecklistPanel';
import { useCallRecord } from './call-record';
import { ExportDialog } from './export/ExportDialog';
import { useFirstNotMetEvidence } from './first-not-met';
import { analysisJob, callQueries } from './queries';
import { SalesEventsPanel } from './SalesEventsPanel';
import { SummaryPanel } from './SummaryPanel';
import type { TranscriptFocus } from './transcript-focus';
import type { TranscriptLine } from './transcript-lines';
import './calls.css';

/**
 * A call: its facts, summary, checklist, sales events, analyses and transcript. Each is its own
 * read and its own panel: one that fails or cannot be read shows why, and the rest still show.
 * Each panel reads what it shows itself, so an answer that arrives renders its panel, not the page
 * (a long transcript arrives last). `segmentId` and `highlight` (a search result, a notification)
 * or `seconds` (a moment link) come from the address.
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
  // Asked first, while the page renders: the transcript is what it waits for, and browser mode's
  // requests share six connections (a press on the call's link may have asked already).
  usePrefetchQuery(callReads.transcript(callId));
  const transcriptAnswered = !useQuery(callReads.transcript(callId)).isPending;
  // A transcript already in the page (read ahead by the calls list) is rendered with the title,
  // in the frame of the click that opened the call. Otherwise the title and facts are painted in
  // that frame, and the tabs and the transcript, most of the page's first render, come once that
  // frame is painted and the transcript is answered, in one render: rendered before the answer,
  // they took a render and a frame of their own, and their reads went out, between the answer and
  // its rows.
  const [heldAtOpen] = useState(transcriptAnswered);
  const titlePainted = useValueAfterPaint(true, false);
  const bodyShown = (heldAtOpen || titlePainted) && transcriptAnswered;
  // The summary and the analyses are read once that render is painted: asked in it, their requests
  // and answers came between the transcript's answer and its rows.
  const bodyPainted = useValueAfterPaint(bodyShown, false);
  // So is the call's own read, when the calls list's record of it is already on screen.
  const video = useCallRecord(callId, { defer: !bodyPainted });
  const analyses = useInfiniteQuery({ ...callQueries.analyses(callId), enabled: bodyPainted });
  const live = useLiveJob(analysisJob, callId, analyses.data?.pages[0]?.data);
  const { start, running } = live;
  const offline = useOfflineStart('Analyze');
  const offlineWords = offline.reason ?? offline.note;
  const [tab, setTab] = useState('summary');
  const [exporting, setExporting] = useState(false);
  useKeyShortcut('e', () => setExporting(true));
  // `N` writes on the marked line (a jump, a find, a search result), else on the call.
  const [line, setLine] = useState<TranscriptLine | null>(null);
  const callPlace: NotePlace = { kind: 'call', id: callId };
  useNoteKey(() => (line ? { kind: 'line', id: callId, segmentId: line.id, seconds: line.start } : callPlace));
  const call = video.data?.data;
  // A jump made on the page holds until the address changes (another search result in the same call).
  const address = `${segmentId}\n${seconds}\n${highlight}`;
  const [jump, setJump] = useState<{ focus: TranscriptFocus; from: string } | null>(null);
  const jumped = jump?.from === address ? jump.focus : null;
  const jumpTo = (segment: string, mark: string | null) =>
    setJump({ focus: { segmentId: segment, highlight: mark, seq: (jumped?.seq ?? 0) + 1 }, from: address });
  const refusal = useRefusal(startAction('analysis'));
  const analyzeBlocked = running || offline.reason !== null || live.queued !== null || refusal !== null;
  const jobSlot = useRef<HTMLDivElement>(null);
  // The button is disabled while the job runs: focus goes to the job line, not to the page.
  const analyze = () => {
    jobSlot.current?.focus();
    start.mutate();
  };
  const notMet = useFirstNotMetEvidence(callId, bodyPainted);
  useScreenActions([
    {
      id: 'call.analyze',
      title: 'Analyze this call',
      keywords: 'analysis summary checklist',
      enabled: !analyzeBlocked,
      run: analyze,
    },
    {
      id: 'call.export',
      title: 'Export this call…',
      key: 'E',
      keywords: 'transcript summary save',
      run: () => setExporting(true),
    },
    {
      id: 'call.first-not-met',
      title: 'Open the first not-met checklist evidence',
      keywords: 'checklist quote transcript',
      enabled: notMet.any,
      run: () => {
        const found = notMet.find();
        if (found) {
          setTab('checklist');
          jumpTo(found.segmentId, found.quote);
        } else useUndoOffer.getState().tell('No evidence of an item not met was found in this transcript.');
      },
    },
  ]);
  const analyzeButton = (
    <>
      <button
        type="button"
        className="button primary"
        disabled={analyzeBlocked}
        title={offlineWords ?? undefined}
        aria-describedby={refusal ? 'analyze-refused' : undefined}
        onClick={analyze}
      >
        {running ? 'Analysing…' : 'Analyze'}
      </button>
      {offlineWords && <span className="muted small">{offlineWords}</span>}
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
      <ExportDialog callId={callId} open={exporting} onClose={() => setExporting(false)} />
      <ReadsAfterPaint callId={callId} read={bodyPainted} />
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
          live={live}
          runningLabel="Analysing this call"
          completed={(analysis) =>
            typeof analysis.result?.sales_event_count === 'number'
              ? `Analysed: ${analysis.result.sales_event_count} sales events found; the summary and checklist are up to date.`
              : 'Analysed: the summary and checklist are up to date.'
          }
        />
      </div>
      <PlaceNotes place={callPlace} kinds={CALL_NOTE_KINDS} headingId="call-notes-heading" />
      {!bodyShown && <SkeletonBlock height={560} label="Loading transcript" />}
      {bodyShown && (
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
                  content: <SummaryPanel callId={callId} notAnalysed={notAnalysed} read={bodyPainted} />,
                },
                {
                  id: 'checklist',
                  label: 'Checklist',
                  content: <ChecklistPanel callId={callId} notAnalysed={notAnalysed} onJump={jumpTo} />,
                },
                {
                  id: 'events',
                  label: 'Sales events',
                  content: <SalesEventsPanel callId={callId} onJump={(segment) => jumpTo(segment, null)} />,
                },
                { id: 'analyses', label: 'Analyses', content: <AnalysisHistory callId={callId} /> },
              ]}
            />
          </section>
          <CallTranscript
            callId={callId}
            segmentId={segmentId}
            seconds={seconds}
            highlight={highlight}
            jumped={jumped}
            onCurrent={setLine}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The tabs not on view are read with the summary, once the transcript's rows are painted, so
 * switching to them shows them at once without their reads and answers coming between the page
 * and its transcript. So is a transcript the calls list read ahead (stale: it is asked for again).
 */
function ReadsAfterPaint({ callId, read }: { callId: string; read: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!read) return;
    void queryClient.prefetchQuery(callReads.transcript(callId));
    void queryClient.prefetchQuery(callQueries.checklist(callId));
    void queryClient.prefetchQuery(callQueries.events(callId));
  }, [read, queryClient, callId]);
  return null;
}

function BackLink() {
  return (
    <Link to={paths.calls()} className="back-link">
      ← Calls
    </Link>
  );
}
