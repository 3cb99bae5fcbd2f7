import { describe, expect, it } from 'vitest';
import { jobOutcome } from './jobs';

describe('how far a job got, whatever its service calls its states', () => {
  it('runs while its status is processing, even if it already carries a result', () => {
    expect(jobOutcome({ status: 'processing', result: { probability: 40 } })).toBe('running');
  });

  it('succeeded when it is no longer processing and carries a result', () => {
    for (const status of ['completed', 'succeeded', 'DONE']) {
      expect(jobOutcome({ status, result: { summary: 'ok' } }), status).toBe('succeeded');
    }
  });

  it('failed when it carries an error instead', () => {
    expect(jobOutcome({ status: 'errored', result: null, error: { code: 'x', message: 'y' } })).toBe('failed');
  });

  it('ended with its own status when it carries neither, or no status at all', () => {
    expect(jobOutcome({ status: 'cancelled', result: null, error: null })).toBe('ended');
    expect(jobOutcome({})).toBe('ended');
  });
});
