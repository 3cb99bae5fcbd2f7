import { describe, expect, it } from 'vitest';
import { humanize } from './humanize';

describe('humanize', () => {
  it('turns the enum values Callscope knows into words', () => {
    expect(humanize('ON_HOLD')).toBe('On hold');
    expect(humanize('READY')).toBe('Ready');
  });

  it('turns values no service has shown before into words too', () => {
    expect(humanize('TRANSCRIBING')).toBe('Transcribing');
    expect(humanize('in-progress')).toBe('In progress');
    expect(humanize('inProgress')).toBe('In progress');
    expect(humanize('video.ready')).toBe('Video ready');
  });

  it('keeps a hostile label to a readable length', () => {
    expect(humanize('X'.repeat(10_000)).length).toBeLessThanOrEqual(60);
  });
});
