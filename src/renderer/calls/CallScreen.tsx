import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SalesEvent, TranscriptSegment } from '../../shared/api';
import { Link } from '../app/router';
import { paths } from '../app/routes';
import { DealName } from '../deals/DealName';
import { JobProgress } from '../jobs/JobProgress';
import { useLiveJob } from '../jobs/useLiveJob';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDateTime, humanize } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { Tabs } from '../shared-ui/Tabs';
import { AnalysisHistory } from './AnalysisHistory';
import { ChecklistPanel } from './ChecklistPanel';
import { analysisJob, callQueries } from './queries';
import { SalesEventsPanel } from './SalesEventsPanel';
import { SummaryPanel } from './SummaryPanel';
import { TalkTime } from './TalkTime';
import { Transcript } from './Transcript';
import type { TranscriptFocus } from './transcript-focus';
import { findQuoteSegment } from './transcript-lookup';

/** The segment a sales event points at, or the first one said at or after its moment. */
function segmentOfEvent(segments: TranscriptSegment[], event: SalesEvent): TranscriptSegment | undefined {
  return (
    segments.find((segment) => segment.id === event.segment_id) ??
    segments.find((segment) => segment.end >= event.start)
  );
}

/** Issue 6, item 5. `segmentId` and `highlight` come from the address (a search result, a notification). */
export function CallScreen({
  callId,
  segmentId,
  highlight,
}: {
  callId: string;
  segmentId: string | null;
  highlight: string | null;
}) {
  const video = useQuery(callQueries.detail(callId));
  const transcript = useQuery(callQueries.transcript(callId));
  const summary = useQuery(callQueries.summary(callId));
  const checklist = useQuery(callQueries.checklist(callId));
  const events = useQuery(callQueries.events(callId));
  const analyses = useInfiniteQuery(callQueries.analyses(callId));
  const { start, job, startedAt } = useLiveJob(analysisJob, callId, analyses.data?.pages[0]?.data[0]);
  const running = start.isPending || job.data?.data.status === 'processing';
  const [tab, setTab] = useState('summary');
  const routeFocus = useMemo(() => (segmentId ? { segmentId, highlight, seq: 0 } : null), [segmentId, highlight]);
  // A jump made on the page holds until the address changes (another search result in the same call).
  const [jump, setJump] = useState<{ focus: TranscriptFocus; from: TranscriptFocus | null } | null>(null);
  const focus = jump && jump.from === routeFocus ? jump.focus : routeFocus;

  const segments = transcript.data?.data ?? [];
  const jumpTo = (segment: TranscriptSegment | undefined, mark: string | null) => {
    if (segment) {
      setJump({ focus: { segmentId: segment.id, highlight: mark, seq: (focus?.seq ?? 0) + 1 }, from: routeFocus });
    }
  };

  const analyzeButton = (
    <button type="button" className="button primary" disabled={running} onClick={() => start.mutate()}>
      {running ? 'Analysing…' : 'Analyze'}
    </button>
  );
  const notAnalysed = (
    <EmptyState title="This call has not been analysed yet">
      <p>An analysis writes the summary, evaluates the checklist and finds the sales events.</p>
      {!running && analyzeButton}
    </EmptyState>
  );

  if (video.isError) {
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
        <h1>{video.data?.data.title ?? 'Loading call…'}</h1>
        {analyzeButton}
      </div>
      {video.data ? (
        <dl className="facts inline">
          <dt>Status</dt>
          <dd>
            <span className={`badge status-${video.data.data.status.toLowerCase()}`}>
              {humanize(video.data.data.status)}
            </span>
          </dd>
          <dt>Recorded</dt>
          <dd>{formatDateTime(video.data.data.created_at)}</dd>
          <dt>Duration</dt>
          <dd>{formatClock(video.data.data.duration_seconds)}</dd>
          <dt>Type</dt>
          <dd>{humanize(video.data.data.call_type)}</dd>
          <dt>Deal</dt>
          <dd>
            <DealName dealId={video.data.data.deal_id} />
          </dd>
        </dl>
      ) : (
        <SkeletonBlock height={24} label="Loading call" />
      )}
      <div className="job-slot">
        {start.isError && <InlineError error={start.error} />}
        <JobProgress
          job={job}
          startedAt={startedAt}
          runningLabel="Analysing this call"
          completed={(analysis) =>
            `Analysed: ${analysis.result?.sales_event_count ?? 0} sales events found; the summary and checklist are up to date.`
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
                    canJump={(quote) => findQuoteSegment(segments, quote) >= 0}
                    onQuote={(quote) => jumpTo(segments[findQuoteSegment(segments, quote)], quote)}
                  />
                ),
              },
              {
                id: 'events',
                label: 'Sales events',
                content: (
                  <SalesEventsPanel events={events} onJump={(event) => jumpTo(segmentOfEvent(segments, event), null)} />
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
          ) : segments.length === 0 ? (
            <EmptyState title="No transcript for this call" />
          ) : (
            <>
              <TalkTime segments={segments} />
              <Transcript segments={segments} focus={focus} />
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
