/**
 * Load and soak of the local service: 50 concurrent clients on the
 * read endpoints and search, first alone, then for 60 s while a backlog of webhook deliveries to
 * a failing HTTPS receiver (with `--webhook-ca`) keeps retrying. Records latency percentiles per
 * phase and per endpoint, errors (there must be none), and the server's CPU and memory.
 */
import { readFileSync } from 'node:fs';
import { startTestReceiver, type TestReceiver } from '../src/service/launch/test-receiver';
import { callApi } from '../src/service/testing/http';
import { pollUntil, startServiceWithReceiver } from '../src/service/testing/service-test-kit';
import { describeMachine, percentile, recordBenchmark } from './report';

const CLIENTS = 50;
const BASELINE_SECONDS = 20;
const LOAD_SECONDS = 60;
/** Endpoints registered to the failing receiver; each analysis queues one delivery per endpoint. */
const ENDPOINTS = 25;
const FIRST_WAVE_ANALYSES = 10;
/** A new analysis (ENDPOINTS more deliveries) this often during the load phase keeps the backlog up. */
const WAVE_EVERY_MS = 5_000;
const RETRY_BASE_MS = 1_000;
const HOOK_HOST = 'hooks.example.test';

interface Sample {
  label: string;
  ms: number;
  ok: boolean;
}

interface ProcessUsage {
  cpuSeconds: number;
  rssMb: number;
}

/** The server's CPU time so far and resident memory now, from /proc. */
function usageOf(pid: number): ProcessUsage {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
  return { cpuSeconds: ticks / 100, rssMb: Number(rss) / 1024 };
}

/** `CLIENTS` loops, each sending the next request of the mix as soon as its last one is answered. */
async function drive(baseUrl: string, key: string, mix: readonly [string, string][], seconds: number) {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const [label, path] = mix[next++ % mix.length]!;
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        ok = false;
      }
      samples.push({ label, ms: performance.now() - started, ok });
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return samples;
}

function summarise(samples: readonly Sample[]) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((sample) => !sample.ok).length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

const ms = (value: number) => value.toFixed(1);

export default async function serviceLoadBench(): Promise<void> {
  const receiver: TestReceiver = await startTestReceiver(HOOK_HOST);
  const { service, key } = await startServiceWithReceiver(receiver, [
    '--job-delay-ms',
    '200',
    '--webhook-retry-base-ms',
    String(RETRY_BASE_MS),
  ]);
  try {
    const videos = (await callApi(service.baseUrl, '/v1/videos?status=READY&limit=20', { key })).body.data as {
      id: string;
    }[];
    const deals = (await callApi(service.baseUrl, '/v1/deals?limit=5', { key })).body.data as { id: string }[];
    const [video, deal] = [videos[0]!.id, deals[0]!.id];
    const mix: [string, string][] = [
      ['GET /v1/videos', '/v1/videos?limit=25'],
      ['GET /v1/videos/{id}', `/v1/videos/${video}`],
      ['GET /v1/videos/{id}/transcript', `/v1/videos/${video}/transcript`],
      ['GET /v1/deals', '/v1/deals?limit=25'],
      ['GET /v1/deals/{id}', `/v1/deals/${deal}`],
      ['GET /v1/deals/{id}/activities', `/v1/deals/${deal}/activities`],
      ['GET /v1/members/me', '/v1/members/me'],
      ['GET /v1/members', '/v1/members'],
      ['GET /v1/search/transcripts', '/v1/search/transcripts?q=pricing'],
      ['GET /v1/search/transcripts', '/v1/search/transcripts?q=budget&limit=10'],
    ];

    console.log(`baseline: ${CLIENTS} clients for ${BASELINE_SECONDS} s, no deliveries…`);
    const baselineStart = usageOf(service.pid);
    const baseline = await drive(service.baseUrl, key, mix, BASELINE_SECONDS);
    const baselineEnd = usageOf(service.pid);

    // Every answer of the receiver is 500, so every delivery is retried until its eighth attempt.
    for (let i = 0; i < 100_000; i++) receiver.answers.push(500);
    for (let i = 0; i < ENDPOINTS; i++) {
      const url = `https://${HOOK_HOST}:${receiver.port}/hooks/${i}`;
      await callApi(service.baseUrl, '/v1/webhooks', { key, method: 'POST', body: JSON.stringify({ url }) });
    }
    const analyse = async (videoId: string) => {
      const started = await callApi(service.baseUrl, `/v1/videos/${videoId}/analyses`, { key, method: 'POST' });
      return started.body.data.id as string;
    };
    const firstWave = await Promise.all(videos.slice(0, FIRST_WAVE_ANALYSES).map((item) => analyse(item.id)));
    await Promise.all(
      firstWave.map((id, index) =>
        pollUntil(service, key, `/v1/videos/${videos[index]!.id}/analyses/${id}`, (a: { status: string }) => {
          return a.status !== 'processing';
        }),
      ),
    );
    const attemptsBefore = receiver.received.length;
    let waves = 0;
    const waveTimer = setInterval(() => {
      waves += 1;
      void analyse(videos[waves % videos.length]!.id);
    }, WAVE_EVERY_MS);

    console.log(`load: ${CLIENTS} clients for ${LOAD_SECONDS} s with a backlog of failing deliveries…`);
    const loadStart = usageOf(service.pid);
    const load = await drive(service.baseUrl, key, mix, LOAD_SECONDS);
    const loadEnd = usageOf(service.pid);
    clearInterval(waveTimer);
    const attempts = receiver.received.length - attemptsBefore;
    const queued = (FIRST_WAVE_ANALYSES + waves) * ENDPOINTS;

    const phases = [
      {
        name: `alone, ${BASELINE_SECONDS} s`,
        samples: baseline,
        start: baselineStart,
        end: baselineEnd,
        seconds: BASELINE_SECONDS,
      },
      {
        name: `with failing deliveries, ${LOAD_SECONDS} s`,
        samples: load,
        start: loadStart,
        end: loadEnd,
        seconds: LOAD_SECONDS,
      },
    ];
    const phaseRows = phases.map(({ name, samples, start, end, seconds }) => {
      const s = summarise(samples);
      const cpu = ((end.cpuSeconds - start.cpuSeconds) / seconds) * 100;
      return `| ${name} | ${s.requests} | ${(s.requests / seconds).toFixed(0)} | ${s.errors} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${cpu.toFixed(0)} % | ${end.rssMb.toFixed(0)} MB |`;
    });
    const labels = [...new Set(mix.map(([label]) => label))];
    const endpointRows = labels.map((label) => {
      const alone = summarise(baseline.filter((sample) => sample.label === label));
      const loaded = summarise(load.filter((sample) => sample.label === label));
      return `| ${label} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(loaded.p50)} | ${ms(loaded.p99)} |`;
    });
    const errors = summarise(baseline).errors + summarise(load).errors;
    const report = [
      '## Service under load (`bench/service-load.bench.ts`)',
      '',
      `${CLIENTS} concurrent clients (keep-alive \`fetch\`, each sending its next request when the last is answered)`,
      'on the read endpoints and search of the `test` profile, against the real service process. Then the same',
      `for ${LOAD_SECONDS} s while ${ENDPOINTS} endpoints of an HTTPS receiver that answers every delivery 500 (trusted`,
      `through \`--webhook-ca\`) receive ${queued} queued deliveries, retried from 1 s doubling: ${attempts}`,
      'delivery attempts ran during the phase, at most 4 at a time. Clients and server share the machine’s cores,',
      'and the receiver runs in the bench’s own process, beside the clients.',
      '',
      `Errors: ${errors}.`,
      '',
      '| phase | requests | per s | errors | p50 ms | p95 ms | p99 ms | max ms | server CPU | server RSS at end |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...phaseRows,
      '',
      '| endpoint | alone p50 | alone p99 | with deliveries p50 | with deliveries p99 |',
      '|---|---:|---:|---:|---:|',
      ...endpointRows,
      '',
      'Machine:',
      describeMachine(),
    ].join('\n');
    console.log(report);
    recordBenchmark('service-load', report);
    if (errors > 0) throw new Error(`${errors} requests failed under load`);
  } finally {
    await service.stop();
    await receiver.close();
  }
}
