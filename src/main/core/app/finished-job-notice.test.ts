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

  it('gives the reason in one line of at most 200 characters, ending in an ellipsis when cut', () => {
    const trace = `TypeError: x is undefined\n${'    at handler (worker.js:12:7)\r\n'.repeat(200)}`;
    const { body } = finishedJobNotice('analysis', { id: 'a', status: 'failed', error: { code: 'x', message: trace } });
    expect(Array.from(body)).toHaveLength(200);
    expect(body).toMatch(/^TypeError: x is undefined at handler \(worker\.js:12:7\) at handler/);
    expect(body).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
    expect(body.endsWith('…')).toBe(true);
  });

  it('says to open the job when its reason is only line breaks', () => {
    const notice = finishedJobNotice('scoring', {
      id: 's',
      status: 'failed',
      error: { code: '', message: '\n\u2028' },
    });
    expect(notice.body).toBe('Open it to see why.');
  });

  it('says how it ended when there is neither result nor error', () => {
    expect(finishedJobNotice('scoring', { id: 's', status: 'CANCELLED' }).title).toBe('Scoring ended: Cancelled');
  });
});
