import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { Analysis, Scoring } from '../../shared/api';
import { ErrorDetails } from '../shared-ui/ErrorDetails';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatElapsed } from '../shared-ui/format';
import type { JobEnvelope } from './job-descriptor';

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
 * the outcome; a failure shows the job's error code and message and the request id of the
 * response that reported it.
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
  const now = useNow(current?.status === 'processing');
  if (job.isError)
    return <ErrorState error={job.error} title="The job’s progress could not be read" onRetry={() => job.refetch()} />;
  if (!current) return null;
  const since = startedAt ?? Date.parse(current.created_at);
  return (
    <div className={`job-progress job-${current.status}`} role="status" aria-live="polite">
      {current.status === 'processing' && (
        <p>
          <span className="spinner" aria-hidden="true" /> {runningLabel} — processing, {formatElapsed(now - since)}{' '}
          elapsed
        </p>
      )}
      {current.status === 'completed' && <p>{completed(current)}</p>}
      {current.status === 'failed' && (
        <>
          <p className="error-title">The job failed</p>
          <ErrorDetails
            error={{
              code: current.error?.code ?? 'internal_error',
              message: current.error?.message ?? 'No reason was given.',
              requestId: job.data?.meta.request_id ?? null,
            }}
          />
        </>
      )}
    </div>
  );
}
