import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';

export interface TransportOptions {
  /** PEM of an extra CA to trust besides the system's (`serve --webhook-ca FILE`). */
  extraCa?: string;
  /** Hostname → loopback IP (`serve --webhook-resolve HOST=IP`); TLS SNI and Host stay the name. */
  resolve?: ReadonlyMap<string, string>;
  timeoutMs: number;
}

export type SendResult = { status: number } | { error: string };

export type WebhookTransport = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

/**
 * POSTs over HTTPS with node:https: the agent's `lookup` hook maps a name to an address without
 * touching the URL, so certificate checks and SNI still use the allowlisted name.
 */
export function createHttpsTransport(options: TransportOptions): WebhookTransport {
  const agent = new Agent({
    ca: options.extraCa ? [...rootCertificates, options.extraCa] : undefined,
    lookup: resolvingLookup(options.resolve ?? new Map()),
  });
  return (url, headers, body) =>
    new Promise((settle) => {
      const req = request(
        url,
        {
          method: 'POST',
          agent,
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
      const timer = setTimeout(
        () => req.destroy(new Error(`no response within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      req.on('close', () => clearTimeout(timer));
      req.on('error', (error) => settle({ error: error.message }));
      req.end(body);
    });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function resolvingLookup(resolve: ReadonlyMap<string, string>) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const address = resolve.get(hostname.toLowerCase());
    if (address === undefined) {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses) =>
        options.all
          ? callback(error, addresses)
          : callback(error, addresses?.[0]?.address ?? '', addresses?.[0]?.family),
      );
      return;
    }
    const family = isIP(address);
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** `HOST=IP` of `serve --webhook-resolve`; only loopback addresses, since it exists for local receivers. */
export function parseWebhookResolve(value: string): [host: string, ip: string] {
  const [host, ip, extra] = value.split('=');
  if (!host || !ip || extra !== undefined) throw new Error(`--webhook-resolve expects HOST=IP, got "${value}"`);
  const loopback = (isIP(ip) === 4 && ip.startsWith('127.')) || ip === '::1';
  if (!loopback) throw new Error(`--webhook-resolve maps names to loopback addresses only, got "${ip}"`);
  return [host.toLowerCase(), ip];
}
