import { type ReactNode, useEffect, useState } from 'react';
import { type Analysis, jobOutcome, type Scoring } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { CopyButton } from '../shared-ui/CopyButton';
import { ErrorDetails } from '../shared-ui/ErrorDetails';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatElapsed } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { QueuedJobLine } from './QueuedJobLine';
import type { LiveJob } from './useLiveJob';
import './jobs.css';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

function LookAgain({ live }: { live: Pick<LiveJob<Analysis>, 'lookAgain'> }) {
  const { lookAgain } = live;
  return (
    <>
      <button type="button" className="button small" onClick={() => lookAgain.mutate()} disabled={lookAgain.isPending}>
        {lookAgain.isPending ? 'Looking…' : 'Look again'}
      </button>
      {lookAgain.isError && <InlineError error={lookAgain.error} />}
    </>
  );
}

/**
 * A job's live state in one line that keeps its height: elapsed time while processing, then
 * the outcome (jobs.ts's rule, whatever status names the service uses); a failure shows the
 * job's error and the request id of the response that reported it. A job that cannot be
 * followed says so instead of counting on: a start whose answer could not be read, progress
 * that could not be read, or a job still running when main stopped following it, each with
 * "Look again". A start kept while the service could not take it shows as waiting to be sent.
 */
export function JobProgress<J extends Analysis | Scoring>({
  live,
  runningLabel,
  completed,
}: {
  live: LiveJob<J>;
  runningLabel: string;
  completed: (job: J) => ReactNode;
}) {
  const { job, startedAt, trouble, unread, queued } = live;
  const current = job.data?.data;
  const outcome = current ? jobOutcome(current) : undefined;
  const counting = outcome === 'running' && (trouble === null || trouble.state === 'retrying');
  const now = useNow(counting);
  if (queued) return <QueuedJobLine job={queued} label={runningLabel} cancel={live.cancelQueued} />;
  if (unread)
    return (
      <div className="job-progress job-unknown" role="status" aria-live="polite">
        <p>
          Started, but the service’s answer could not be read
          {unread.requestId ? (
            <>
              {' '}
              (request id <code>{unread.requestId}</code>)
            </>
          ) : null}
          .
        </p>
        <div className="job-actions">
          {unread.requestId && <CopyButton value={unread.requestId} label="Copy request id" />}
          <LookAgain live={live} />
        </div>
      </div>
    );
  if (job.isError)
    return <ErrorState error={job.error} title="The job’s progress could not be read" onRetry={() => job.refetch()} />;
  if (!current) return null;
  const since = startedAt ?? (current.created_at ? Date.parse(current.created_at) : Number.NaN);
  const elapsed = Number.isFinite(since) ? formatElapsed(now - since) : null;
  if (outcome === 'running' && trouble?.state === 'gave-up')
    return (
      <div className="job-progress job-unknown" role="status" aria-live="polite">
        <p className="error-title">The job’s progress could not be read</p>
        <p>It may still be running on the service.</p>
        {trouble.error && <ErrorDetails error={trouble.error} />}
        <LookAgain live={live} />
      </div>
    );
  if (outcome === 'running' && trouble?.state === 'still-running')
    return (
      <div className="job-progress job-unknown" role="status" aria-live="polite">
        <p>
          {runningLabel}: still running on the service{elapsed ? ` after ${elapsed}` : ''}; Callscope stopped following
          it.
        </p>
        <LookAgain live={live} />
      </div>
    );
  return (
    <div className={`job-progress job-${outcome}`} role="status" aria-live="polite">
      {outcome === 'running' && (
        <>
          <p>
            <span className="spinner" aria-hidden="true" /> {runningLabel} — processing
            {elapsed ? `, ${elapsed} elapsed` : ''}
          </p>
          {trouble?.state === 'retrying' && (
            <p className="muted small">
              Its progress could not be read just now ({trouble.error?.code ?? 'no answer'}); trying again.
            </p>
          )}
        </>
      )}
      {outcome === 'succeeded' && <p>{completed(current)}</p>}
      {outcome === 'failed' && (
        <>
          <p className="error-title">The job failed</p>
          <ErrorDetails
            error={{
              code: current.error?.code || 'no code given',
              message: current.error?.message || 'No reason was given.',
              requestId: job.data?.meta.request_id || null,
            }}
          />
        </>
      )}
      {outcome === 'ended' && (
        <p>
          The job ended with the status “{humanize(current.status ?? 'none')}”; the service gave no result and no error.
        </p>
      )}
    </div>
  );
}
