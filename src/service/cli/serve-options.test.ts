import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_DELAY_MS, DEFAULT_WEBHOOK_RETRY_BASE_MS } from '../service-options';
import { parseServeOptions } from './serve-options';

describe('parseServeOptions, part 2 flags', () => {
  it('defaults to a job delay of a few seconds and a 5 s first webhook retry', () => {
    const options = parseServeOptions(['--data', '/tmp/x']);
    expect(options).toMatchObject({
      jobDelayMs: DEFAULT_JOB_DELAY_MS,
      webhookRetryBaseMs: DEFAULT_WEBHOOK_RETRY_BASE_MS,
    });
    expect(DEFAULT_JOB_DELAY_MS).toBeGreaterThanOrEqual(2000);
    expect(options.webhookResolve.size).toBe(0);
    expect([...options.webhookPorts]).toEqual([443]);
    expect(options).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 1024 });
  });

  it('reads the webhook ports, the server timeouts and the connection cap', () => {
    const options = parseServeOptions([
      '--data',
      '/tmp/x',
      '--webhook-port',
      '8443',
      '--webhook-port',
      '9000',
      '--headers-timeout-ms',
      '500',
      '--request-timeout-ms',
      '900',
      '--max-connections',
      '20',
    ]);
    expect([...options.webhookPorts]).toEqual([443, 8443, 9000]);
    expect(options).toMatchObject({ headersTimeoutMs: 500, requestTimeoutMs: 900, maxConnections: 20 });
  });

  it('reads the delays and repeated --webhook-resolve mappings, names normalised', () => {
    const options = parseServeOptions([
      '--data',
      '/tmp/x',
      '--job-delay-ms',
      '250',
      '--webhook-retry-base-ms',
      '100',
      '--webhook-resolve',
      'Hooks.Example.test.=127.0.0.1',
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
    [['--webhook-port', '0'], /--webhook-port/],
    [['--webhook-port', 'https'], /--webhook-port/],
    [['--headers-timeout-ms', '0'], /--headers-timeout-ms/],
    [['--headers-timeout-ms', '2000', '--request-timeout-ms', '1000'], /not be longer/],
    [['--max-connections', '-5'], /--max-connections/],
  ])('refuses %j', (flags, message) => {
    expect(() => parseServeOptions(['--data', '/tmp/x', ...flags])).toThrow(message);
  });
});
