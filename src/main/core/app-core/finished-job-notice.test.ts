import { describe, expect, it } from 'vitest';
import { finishedJobNotice } from './finished-job-notice';

describe('the notification for a finished job', () => {
  it('says finished for a job with a result, whatever its status is called', () => {
    expect(finishedJobNotice('analysis', { id: 'a', status: 'succeeded', result: {} }).title).toBe('Analysis finished');
  });

  it('says failed with the job’s own reason', () => {
    const notice = finishedJobNotice('scoring', {
      id: 's',
      status: 'errored',
      error: { code: 'x', message: 'No data' },
    });
    expect(notice).toEqual({ title: 'Scoring failed', body: 'No data' });
  });

  it('says how it ended when there is neither result nor error', () => {
    expect(finishedJobNotice('scoring', { id: 's', status: 'CANCELLED' }).title).toBe('Scoring ended: Cancelled');
  });
});
