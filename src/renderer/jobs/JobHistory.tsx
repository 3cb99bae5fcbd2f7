import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type JobError, type JobOutcome, jobOutcome } from '../../shared/api';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge, type Tone } from '../shared-ui/StatusBadge';
import { type AnswerWithUnreadable, UnreadableNotice } from '../shared-ui/UnreadableNotice';

interface HistoryJob {
  id: string;
  status?: string | null;
  created_at?: string | null;
  result?: object | null;
  error?: JobError | null;
}

const outcomeTones: Record<JobOutcome, Tone> = { running: 'fair', succeeded: 'good', failed: 'bad', ended: 'neutral' };

interface JobHistoryProps<J extends HistoryJob> {
  jobs: UseInfiniteQueryResult<InfiniteData<AnswerWithUnreadable & { data: J[] }>>;
  /** Plural noun for labels, e.g. "analyses". */
  noun: string;
  emptyTitle: string;
  describeResult: (result: NonNullable<J['result']>) => string;
}

/** The infinite history of a call's analyses or a deal's scorings, newest first. */
export function JobHistory<J extends HistoryJob>({ jobs, noun, emptyTitle, describeResult }: JobHistoryProps<J>) {
  if (jobs.isPending) return <SkeletonRows rows={3} height={36} label={`Loading ${noun}`} />;
  if (jobs.isError) return <ErrorState error={jobs.error} onRetry={() => jobs.refetch()} />;
  const items = jobs.data.pages.flatMap((page) => page.data);
  const notice = <UnreadableNotice answers={jobs.data.pages} />;
  if (items.length === 0) {
    return (
      <>
        {notice}
        <EmptyState title={emptyTitle} />
      </>
    );
  }
  return (
    <>
      {notice}
      <table className="table compact">
        <caption className="visually-hidden">{`History of ${noun}, newest first`}</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {items.map((job) => {
            const outcome = jobOutcome(job);
            return (
              <tr key={job.id}>
                <td>{formatDateTime(job.created_at)}</td>
                <td>
                  <StatusBadge
                    value={job.status || outcome}
                    tones={{ [job.status || outcome]: outcomeTones[outcome] }}
                  />
                </td>
                <td>
                  {job.result
                    ? describeResult(job.result as NonNullable<J['result']>)
                    : job.error
                      ? [job.error.code, job.error.message].filter(Boolean).join(': ') || 'Failed'
                      : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <InfiniteSentinel
        hasNextPage={jobs.hasNextPage}
        isFetchingNextPage={jobs.isFetchingNextPage}
        fetchNextPage={jobs.fetchNextPage}
        label={`Load older ${noun}`}
      />
    </>
  );
}
