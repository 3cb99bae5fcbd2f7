import { describe, expect, it } from 'vitest';
import { jobOutcome, startedJobIn } from './jobs';

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

describe('the job a start created whose answer could not be read', () => {
  const recent = [
    { id: 'new', status: 'processing' },
    { id: 'old', status: 'completed', result: {} },
  ];

  it('is the one the history gained since the start, whatever its state', () => {
    expect(startedJobIn(recent, ['old'])).toBe('new');
    expect(startedJobIn([{ id: 'new', status: 'completed', result: {} }, ...recent.slice(1)], ['old'])).toBe('new');
  });

  it('is none while the history shows no new job', () => {
    expect(startedJobIn(recent, ['new', 'old'])).toBeUndefined();
    expect(startedJobIn([], [])).toBeUndefined();
  });

  it('with no history read before the start, is its newest job only while that one runs', () => {
    expect(startedJobIn(recent, null)).toBe('new');
    expect(startedJobIn(recent.slice(1), null)).toBeUndefined();
  });
});
