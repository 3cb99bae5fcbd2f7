/**
 * Requests per second of the service against a bare `node:http` server answering the same bytes
 * (bench/bare-server.ts), 50 connections, one load-generator worker (autocannon in this process),
 * on GET /v1/videos, GET /v1/deals/{id} and a search, over the `demo` profile. The same request
 * over and over is what the reply cache answers (src/service/context.ts), so a second service
 * runs with `--no-reply-cache` and every request doing its reads, as a first read of each does.
 * Rounds alternate the three servers, so a change in the machine's load falls on all; each figure
 * is the median of its rounds. Beside the rates, each server's CPU time per request: on a shared
 * machine the rates swing with what else runs, the CPU a request costs much less.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startTestService } from '../src/service/testing/test-service';
import { demoKeyOf } from '../src/shared/manifest';
import { describeMachine, projectRoot, recordBenchmark } from './report';

const CONNECTIONS = 50;
const ROUND_SECONDS = 5;
const ROUNDS = 4;
/** An untimed round per server and request first: the first seconds of each run JIT-compile its path. */
const WARM_UP_SECONDS = 2;
const TARGET_RATIO = 0.5;

interface Round {
  rps: number;
  p99: number;
  failed: number;
  /** The server process's CPU time (user and system, all threads) per request, in µs. */
  cpuMicros: number;
}

/** Linux's clock tick for /proc/PID/stat times (USER_HZ), 100 on every platform Node runs there. */
const MICROS_PER_TICK = 10_000;

/** utime + stime of a process so far, in µs. */
function cpuMicrosOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

async function load(server: Server, path: string, key: string, seconds = ROUND_SECONDS): Promise<Round> {
  const cpuBefore = cpuMicrosOf(server.pid);
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    cpuMicros: (cpuMicrosOf(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

interface Server {
  url: string;
  pid: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startBareServer(answers: Record<string, string>): Promise<Server & { stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(answers));
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk) => resolve((JSON.parse(String(chunk)) as { port: number }).port)),
  );
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

export default async function throughputBench(): Promise<void> {
  const service = await startTestService({ profile: 'demo' });
  const uncached = await startTestService({ profile: 'demo', serveArgs: ['--no-reply-cache'] });
  const { key } = demoKeyOf(service.manifest!);
  const get = async (path: string) =>
    (await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${key.key}` } })).text();
  const dealId = (JSON.parse(await get('/v1/deals?limit=1')) as { data: { id: string }[] }).data[0]!.id;
  const paths: [string, string][] = [
    ['GET /v1/videos', '/v1/videos'],
    ['GET /v1/deals/{id}', `/v1/deals/${dealId}`],
    ['search "pricing"', '/v1/search/transcripts?q=pricing'],
  ];
  const answers = Object.fromEntries(await Promise.all(paths.map(async ([, path]) => [path, await get(path)])));
  const bare = await startBareServer(answers);
  const ourServer = { url: service.baseUrl, pid: service.pid };
  const readingServer = { url: uncached.baseUrl, pid: uncached.pid };
  const rows: string[] = [];
  let failed = 0;
  try {
    for (const [label, path] of paths) {
      const ours: Round[] = [];
      const reading: Round[] = [];
      const theirs: Round[] = [];
      for (const server of [ourServer, readingServer, bare]) await load(server, path, key.key, WARM_UP_SECONDS);
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(await load(ourServer, path, key.key));
        reading.push(await load(readingServer, path, key.key));
        theirs.push(await load(bare, path, key.key));
      }
      failed += [...ours, ...reading, ...theirs].reduce((sum, round) => sum + round.failed, 0);
      const bareRps = median(theirs.map((round) => round.rps));
      const bareCpu = median(theirs.map((round) => round.cpuMicros));
      for (const [kind, rounds] of [
        ['repeated (reply cache)', ours],
        ['every request read', reading],
      ] as const) {
        const rps = median(rounds.map((round) => round.rps));
        const ratio = rps / bareRps;
        const cpu = median(rounds.map((round) => round.cpuMicros));
        const line = `| ${label} | ${kind} | ${rps.toFixed(0)} | ${median(rounds.map((r) => r.p99))} | ${bareRps.toFixed(0)} | ${ratio.toFixed(2)}× | ≥ ${TARGET_RATIO}× | ${ratio >= TARGET_RATIO ? 'met' : 'not met'} | ${cpu.toFixed(0)} / ${bareCpu.toFixed(0)} |`;
        console.log(line);
        rows.push(line);
      }
    }
  } finally {
    bare.stop();
    await Promise.all([service.stop(), uncached.stop()]);
  }
  recordBenchmark(
    'throughput',
    `## Service throughput against a bare node:http server (\`bench/throughput.bench.ts\`)

${CONNECTIONS} connections, one load-generator worker (autocannon, in the bench's process), ${ROUNDS} rounds of
${ROUND_SECONDS} s per server, alternating, after an untimed ${WARM_UP_SECONDS} s round of each; medians. The bare server answers the same bytes the service answered,
from its own process. \`demo\` profile. Failed requests: ${failed}.

"Repeated" is the service as it runs: the same request again, with nothing written in between, is
answered from the reply cache, which any write empties (docs/decisions/service.md). "Every request read"
is a second service started with \`--no-reply-cache\`: each request runs its handler's queries, as
the first read of an answer does (in both, a key's check is kept between writes too).

The last column is each server process's CPU time (user and system) per request, in µs, the
service's and the bare server's: on this shared machine the rates move with what else runs,
the CPU a request costs much less.

| request | service | req/s | p99 ms | bare req/s | ratio | target | | CPU µs/req (service / bare) |
|---|---|---:|---:|---:|---:|---:|---|---:|
${rows.join('\n')}

Machine:
${describeMachine()}`,
  );
}
