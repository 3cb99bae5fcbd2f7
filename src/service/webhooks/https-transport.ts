import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { isLoopbackAddress, specialAddressRange } from '../../node-shared/special-addresses';
import { normalizeHostname } from './hostname';

/** Every address a name resolves to, as `dns.lookup(name, { all: true })` gives them. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export interface TransportOptions {
  /** PEM of an extra CA to trust besides the system's (`serve --webhook-ca FILE`). */
  extraCa?: string;
  /** Hostname → loopback IP (`serve --webhook-resolve HOST=IP`); TLS SNI and Host stay the name. */
  resolve?: ReadonlyMap<string, string>;
  /** How names become addresses; the system resolver unless a test stands in for DNS. */
  resolveAll?: ResolveAll;
  /** The whole attempt, name lookup included. */
  timeoutMs: number;
}

export type SendResult = { status: number } | { error: string };

export type WebhookTransport = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

type Destination = LookupAddress | { refused: string };

/**
 * Where a delivery may connect (docs/security.md, webhooks): the `--webhook-resolve` address the
 * operator named for a local test receiver, or else every address DNS gives, none of them on the
 * machine itself, a private, link-local, unique-local, CGNAT, multicast or unspecified network.
 */
async function chooseDestination(
  host: string,
  resolve: ReadonlyMap<string, string>,
  resolveAll: ResolveAll,
): Promise<Destination> {
  const mapped = resolve.get(host);
  if (mapped !== undefined) return { address: mapped, family: isIP(mapped) };
  const addresses = await resolveAll(host);
  for (const { address } of addresses) {
    const range = specialAddressRange(address);
    if (range !== null) return { refused: `refused: ${host} resolves to ${address}, a ${range} address` };
  }
  return addresses[0] ?? { refused: `refused: ${host} resolves to no address` };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Answers every lookup of the connection with the address already checked, so nothing asks DNS twice. */
function pinnedLookup(destination: LookupAddress) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (options.all) callback(null, [destination]);
    else callback(null, destination.address, destination.family);
  };
}

/**
 * POSTs over HTTPS with node:https. The TLS context (the system roots plus `--webhook-ca`) is
 * built once: building it per connection parsed ~140 root certificates each time, which under a
 * backlog of failing deliveries took the server to 2.5 GB and starved the API. The name is
 * checked and resolved once per attempt and the connection pinned to that address, while SNI,
 * the certificate check and Host still use the name.
 */
export function createHttpsTransport(options: TransportOptions): WebhookTransport {
  const secureContext = createSecureContext(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {});
  const resolve = options.resolve ?? new Map<string, string>();
  const resolveAll = options.resolveAll ?? systemResolveAll;

  return async (url, headers, body) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const timedOut = `no response within ${options.timeoutMs} ms`;
    const target = new URL(url);
    const host = normalizeHostname(target.hostname);
    if (host === null) return { error: `refused: ${target.hostname} is not a hostname` };
    target.hostname = host;

    let destination: Destination;
    try {
      destination = await abortable(chooseDestination(host, resolve, resolveAll), signal);
    } catch (error) {
      return { error: signal.aborted ? timedOut : `${host}: ${(error as Error).message}` };
    }
    if ('refused' in destination) return { error: destination.refused };

    return new Promise<SendResult>((settle) => {
      const req = request(
        target,
        {
          method: 'POST',
          // One agent per attempt, since the pinned address differs; it keeps no sockets.
          agent: new Agent({ secureContext, lookup: pinnedLookup(destination) }),
          signal,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Callscope-Webhooks/1',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => settle({ status: res.statusCode ?? 0 }));
          res.on('error', (error) => settle({ error: error.message }));
        },
      );
      req.on('error', (error) =>
        settle({ error: signal.aborted ? timedOut : `${destination.address}: ${error.message}` }),
      );
      req.end(body);
    });
  };
}

/** DNS lookups cannot be cancelled; past the deadline the attempt stops waiting for one. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * `HOST=IP` of `serve --webhook-resolve`: the one exception to the address rules, for local test
 * receivers, so only loopback addresses; the name is kept in the form delivery looks it up by.
 */
export function parseWebhookResolve(value: string): [host: string, ip: string] {
  const [name, ip, extra] = value.split('=');
  const host = name === undefined ? null : normalizeHostname(name);
  if (!host || !ip || extra !== undefined) throw new Error(`--webhook-resolve expects HOST=IP, got "${value}"`);
  if (!isLoopbackAddress(ip)) throw new Error(`--webhook-resolve maps names to loopback addresses only, got "${ip}"`);
  return [host, ip];
}
