import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

type Answer = number | 'hang';

export interface TestReceiver {
  /** The name its certificate is for; resolve it to 127.0.0.1 (`--webhook-resolve`). */
  hostname: string;
  /** PEM of the CA that signed the receiver's certificate, for `--webhook-ca`. */
  caPem: string;
  caFile: string;
  port: number;
  received: ReceivedDelivery[];
  /** Answers to give next, in order; when empty, 200. `hang` never answers. Tests may push more. */
  answers: Answer[];
  /** The most requests it held open at once (received, not yet answered or dropped by the sender). */
  readonly peakOpenRequests: number;
  close: () => Promise<void>;
}

/**
 * A real HTTPS webhook receiver on 127.0.0.1 whose certificate, signed by a CA made for it with
 * openssl, names `hostname`. `statuses` are answered in order; after them, 200. Tests use it, and
 * so does `npm start`, as the demo's receiver (`onReceive` is told of each delivery).
 */
export async function startTestReceiver(
  hostname: string,
  statuses: Answer[] = [],
  onReceive?: (delivery: ReceivedDelivery) => void,
): Promise<TestReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-receiver-'));
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...newKey,
    '-days',
    '1',
    '-subj',
    '/CN=Callscope Test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  openssl(['req', ...newKey, '-subj', `/CN=${hostname}`, '-keyout', file('server.key'), '-out', file('server.csr')]);
  writeFileSync(file('server.ext'), `subjectAltName=DNS:${hostname}\n`);
  openssl([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-out',
    file('server.pem'),
    '-extfile',
    file('server.ext'),
  ]);
  const received: ReceivedDelivery[] = [];
  const answers = [...statuses];
  let open = 0;
  let peakOpenRequests = 0;
  const server: Server = createServer(
    { key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')) },
    (req, res) => {
      open += 1;
      peakOpenRequests = Math.max(peakOpenRequests, open);
      res.once('close', () => {
        open -= 1;
      });
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery = {
          headers: Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, String(value)])),
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        received.push(delivery);
        onReceive?.(delivery);
        const answer = answers.shift() ?? 200;
        if (answer !== 'hang') res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hostname,
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    port: (server.address() as AddressInfo).port,
    received,
    answers,
    get peakOpenRequests() {
      return peakOpenRequests;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
