import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type Analysis, jobOutcome, type Scoring } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { ErrorDetails } from '../shared-ui/ErrorDetails';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatElapsed } from '../shared-ui/format';
import type { JobEnvelope } from './job-descriptor';
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

/**
 * A job's live state in one line that keeps its height: elapsed time while processing, then
 * the outcome (jobs.ts's rule, whatever status names the service uses); a failure shows the
 * job's error and the request id of the response that reported it.
 */
export function JobProgress<J extends Analysis | Scoring>({
  job,
  startedAt,
  runningLabel,
  completed,
}: {
  job: UseQueryResult<JobEnvelope<J>>;
  startedAt: number | undefined;
  runningLabel: string;
  completed: (job: J) => ReactNode;
}) {
  const current = job.data?.data;
  const outcome = current ? jobOutcome(current) : undefined;
  const now = useNow(outcome === 'running');
  if (job.isError)
    return <ErrorState error={job.error} title="The job’s progress could not be read" onRetry={() => job.refetch()} />;
  if (!current) return null;
  const since = startedAt ?? (current.created_at ? Date.parse(current.created_at) : Number.NaN);
  return (
    <div className={`job-progress job-${outcome}`} role="status" aria-live="polite">
      {outcome === 'running' && (
        <p>
          <span className="spinner" aria-hidden="true" /> {runningLabel} — processing
          {Number.isFinite(since) ? `, ${formatElapsed(now - since)} elapsed` : ''}
        </p>
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
