import { jobOutcome } from '../../../shared/api';
import type { JobKind } from '../../../shared/bridge';
import { humanize } from '../../../shared/humanize';
import { capped, oneLine } from '../../../shared/one-line';
import type { Job } from './job-watcher';

/**
 * A notification centre shows a few lines at most, and a service's message may be a stack trace:
 * its reason is cut to one line of this many characters, the rest is on the job's screen.
 */
const REASON_MAX_CHARACTERS = 200;

/** What the OS notification says when a watched job is no longer processing (the outcome rule in jobs.ts). */
export function finishedJobNotice(kind: JobKind, job: Job): { title: string; body: string } {
  const what = kind === 'analysis' ? 'Analysis' : 'Scoring';
  switch (jobOutcome(job)) {
    case 'failed':
      return {
        title: `${what} failed`,
        body:
          capped(oneLine(job.error?.message || job.error?.code || ''), REASON_MAX_CHARACTERS) || 'Open it to see why.',
      };
    case 'ended':
      return {
        title: `${what} ended: ${humanize(job.status ?? 'no status')}`,
        body: 'Open it to see where it stands.',
      };
    default:
      return { title: `${what} finished`, body: 'Open it to see the results.' };
  }
}
