import { jobOutcome } from '../../../shared/api';
import type { JobKind } from '../../../shared/bridge';
import { humanize } from '../../../shared/humanize';
import type { Job } from './job-watcher';

/** What the OS notification says when a watched job is no longer processing (the outcome rule in jobs.ts). */
export function finishedJobNotice(kind: JobKind, job: Job): { title: string; body: string } {
  const what = kind === 'analysis' ? 'Analysis' : 'Scoring';
  switch (jobOutcome(job)) {
    case 'failed':
      return { title: `${what} failed`, body: job.error?.message || job.error?.code || 'Open it to see why.' };
    case 'ended':
      return {
        title: `${what} ended: ${humanize(job.status ?? 'no status')}`,
        body: 'Open it to see where it stands.',
      };
    default:
      return { title: `${what} finished`, body: 'Open it to see the results.' };
  }
}
