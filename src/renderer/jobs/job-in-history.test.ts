import { describe, expect, it } from 'vitest';
import { withJob } from './job-in-history';

describe('a live job in its history', () => {
  it('takes the job’s place, and leaves the other jobs and pages as they were', () => {
    const history = {
      pageParams: [undefined, 'c1'],
      pages: [
        {
          data: [
            { id: 'a', status: 'processing' },
            { id: 'b', status: 'completed' },
          ],
          meta: { request_id: 'r1' },
        },
        { data: [{ id: 'c', status: 'failed' }], meta: { request_id: 'r2' } },
      ],
    };
    const updated = withJob(history, { id: 'a', status: 'completed' });
    expect(updated?.pages[0]?.data).toEqual([
      { id: 'a', status: 'completed' },
      { id: 'b', status: 'completed' },
    ]);
    expect(updated?.pages[1]).toBe(history.pages[1]);
  });

  it('leaves a history that does not hold the job, or none at all, alone', () => {
    const history = { pageParams: [undefined], pages: [{ data: [{ id: 'b' }] }] };
    expect(withJob(history, { id: 'z' })?.pages[0]).toBe(history.pages[0]);
    expect(withJob(undefined, { id: 'z' })).toBeUndefined();
  });
});
