import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_DELAY_MS, DEFAULT_WEBHOOK_RETRY_BASE_MS, parseServeOptions } from './serve-options';

describe('parseServeOptions, part 2 flags', () => {
  it('defaults to a job delay of a few seconds and a 5 s first webhook retry', () => {
    const options = parseServeOptions(['--data', '/tmp/x']);
    expect(options).toMatchObject({
      jobDelayMs: DEFAULT_JOB_DELAY_MS,
      webhookRetryBaseMs: DEFAULT_WEBHOOK_RETRY_BASE_MS,
    });
    expect(DEFAULT_JOB_DELAY_MS).toBeGreaterThanOrEqual(2000);
    expect(options.webhookResolve.size).toBe(0);
  });

  it('reads the delays and repeated --webhook-resolve mappings, names lower-cased', () => {
    const options = parseServeOptions([
      '--data',
      '/tmp/x',
      '--job-delay-ms',
      '250',
      '--webhook-retry-base-ms',
      '100',
      '--webhook-resolve',
      'Hooks.Example.test=127.0.0.1',
      '--webhook-resolve',
      'other.example.test=::1',
    ]);
    expect(options.jobDelayMs).toBe(250);
    expect(options.webhookRetryBaseMs).toBe(100);
    expect([...options.webhookResolve]).toEqual([
      ['hooks.example.test', '127.0.0.1'],
      ['other.example.test', '::1'],
    ]);
  });

  it.each([
    [['--job-delay-ms', '-1'], /--job-delay-ms/],
    [['--webhook-retry-base-ms', 'soon'], /--webhook-retry-base-ms/],
    [['--webhook-resolve', 'hooks.example.test'], /HOST=IP/],
    [['--webhook-resolve', 'hooks.example.test=10.0.0.1'], /loopback/],
    [['--webhook-ca', '/no/such/ca.pem'], /--webhook-ca/],
  ])('refuses %j', (flags, message) => {
    expect(() => parseServeOptions(['--data', '/tmp/x', ...flags])).toThrow(message);
  });
});
