import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { createHttpsTransport, parseWebhookResolve, type ResolveAll } from './https-transport';

const HOST = 'hooks.example.test';
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startTestReceiver(HOST);
});
afterAll(() => receiver?.close());

/** Stands in for DNS, which these machines cannot serve: each lookup takes the next answer. */
function scriptedDns(...answers: string[][]): { resolveAll: ResolveAll; lookups: string[] } {
  const lookups: string[] = [];
  const resolveAll: ResolveAll = async (hostname) => {
    lookups.push(hostname);
    const addresses = answers[Math.min(lookups.length, answers.length) - 1]!;
    return addresses.map((address): LookupAddress => ({ address, family: isIP(address) }));
  };
  return { resolveAll, lookups };
}

const url = () => `https://${HOST}:${receiver.port}/hooks`;
const send = (resolveAll: ResolveAll, timeoutMs = 2000) =>
  createHttpsTransport({ extraCa: receiver.caPem, resolveAll, timeoutMs })(url(), {}, '{}');

describe('webhook transport: where a delivery may connect', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.8', 'private'],
    ['172.16.4.2', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::2', 'unique-local'],
    ['100.64.0.1', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['64:ff9b::7f00:1', 'nat64'],
    ['64:ff9b:1::a00:1', 'local-nat64'],
    ['2002:c0a8:114::1', '6to4'],
    ['::7f00:1', 'ipv4-compatible'],
    ['198.18.0.7', 'benchmarking'],
    ['192.0.0.9', 'protocol-assignments'],
    ['fec0::3', 'site-local'],
  ])('refuses a name resolving to %s (%s) without connecting', async (address, range) => {
    const before = receiver.received.length;
    const { resolveAll } = scriptedDns([address]);
    expect(await send(resolveAll)).toEqual({ error: `refused: ${HOST} resolves to ${address}, a ${range} address` });
    expect(receiver.received).toHaveLength(before);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const { resolveAll } = scriptedDns(['203.0.113.7', '127.0.0.1']);
    expect(await send(resolveAll)).toMatchObject({ error: expect.stringContaining('127.0.0.1, a loopback') });
  });

  it('connects to the address it checked, even when DNS answers otherwise a moment later', async () => {
    const before = receiver.received.length;
    // A public (documentation) address first, then the receiver's loopback: a rebinding attack.
    const { resolveAll, lookups } = scriptedDns(['203.0.113.7'], ['127.0.0.1']);
    const outcome = await send(resolveAll, 1500);
    expect(lookups).toEqual([HOST]);
    expect(outcome).toHaveProperty('error');
    expect(receiver.received).toHaveLength(before);
  });

  it('delivers to the --webhook-resolve address without asking DNS, by name for TLS', async () => {
    const { resolveAll, lookups } = scriptedDns(['10.0.0.1']);
    const transport = createHttpsTransport({
      extraCa: receiver.caPem,
      resolve: new Map([parseWebhookResolve(`${HOST.toUpperCase()}.=127.0.0.1`)]),
      resolveAll,
      timeoutMs: 2000,
    });
    expect(await transport(`https://${HOST.toUpperCase()}.:${receiver.port}/hooks`, {}, '{}')).toEqual({ status: 200 });
    expect(lookups).toEqual([]);
    expect(receiver.received.at(-1)!.headers.host).toBe(`${HOST}:${receiver.port}`);
  });
});
