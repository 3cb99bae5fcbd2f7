import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../service-client/api-client/api-error';
import { testHostContract, type testWorkerContract } from '../../testing/rpc-test-worker';
import { startWorkerHost } from './worker-host';

const hosts: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

function start() {
  const host = startWorkerHost<typeof testHostContract, typeof testWorkerContract>({
    entry: new URL('../../testing/rpc-test-worker.ts', import.meta.url),
    serves: testHostContract,
    handlers: { double: ({ n }) => n * 2 },
  });
  hosts.push(host);
  return host;
}

describe('a worker thread behind a typed contract', () => {
  it('answers calls, asks the host back, and checks params on arrival', async () => {
    const host = start();
    expect(await host.call('echo', { text: 'hi' })).toBe('echo: hi');
    expect(await host.call('askBack', { n: 20 })).toBe(41);
    await expect(host.call('echo', { text: 5 } as never)).rejects.toMatchObject({ code: 'invalid_params' });
  });

  it('aborts the handler in the worker when the caller aborts its call', async () => {
    const controller = new AbortController();
    const waiting = start().call('waitForCancel', {}, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('gives an error thrown in the worker to the caller with its code, status and message', async () => {
    const error = await start()
      .call('refuse', {})
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'Nothing here.' });
  });

  it('fails the calls waiting on a worker that dies, and starts a new one that answers', async () => {
    const host = start();
    await expect(host.call('die', {})).rejects.toMatchObject({ code: 'engine_unavailable' });
    await expect.poll(() => host.restarts()).toBe(1);
    await expect.poll(() => host.call('echo', { text: 'again' }).catch(() => null)).toBe('echo: again');

    await host.kill();
    await expect.poll(() => host.restarts()).toBe(2);
    await expect
      .poll(() => host.call('echo', { text: 'third' }).catch(() => null), { timeout: 5000 })
      .toBe('echo: third');
  });
});
