/**
 * The background sync against the running local service, as the app runs it (the client with its
 * retries, an encrypted replica file, one request at a time): time to sync the `demo` profile's
 * first organisation fully, with no rate limit and at 10 requests a second (a key the service
 * limits to 10 a second, and the sync's budget at 10), then one incremental round with nothing
 * changed; and the replica's size on disk per 100,000 transcript segments it holds.
 * The `large` profile is left out: seeding it takes over twelve minutes here (bench/search).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../src/main/core/api-client/api-client';
import { ApiError } from '../src/main/core/api-client/api-error';
import { replicaAnswers } from '../src/main/core/replica/replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../src/main/core/replica/replica-db';
import { createRequestBudget } from '../src/main/core/replica/sync/request-budget';
import { createWorkspaceSync, type SyncProgress } from '../src/main/core/replica/sync/workspace-sync';
import { startTestService, type TestService } from '../src/service/testing/test-service';
import { demoKeyOf } from '../src/shared/manifest';
import { describeMachine, recordBenchmark } from './report';

/** What `uptime` says: the machine is shared, and others' work slows every number. */
function uptime(): string {
  return execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average/, 'load average');
}

interface Run {
  label: string;
  seconds: number;
  requests: number;
  rateLimited: number;
  progress: SyncProgress;
  loadBefore: string;
  loadAfter: string;
}

async function syncRound(
  label: string,
  service: TestService,
  apiKey: string,
  db: ReplicaDatabase,
  perSecond: number,
): Promise<Run> {
  let requests = 0;
  let rateLimited = 0;
  const client = createApiClient({
    baseUrl: service.baseUrl,
    getKey: async () => apiKey,
    onWait: ({ code }) => {
      if (code === 'rate_limited') rateLimited += 1;
    },
  });
  const sync = createWorkspaceSync({
    replica: { workspaceId: 'bench', db, answers: replicaAnswers(db), storage: 'file' },
    request: async (op, params, signal) => {
      requests += 1;
      try {
        return await client.call(op as never, params as never, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'rate_limited') rateLimited += 1;
        throw error;
      }
    },
    budget: createRequestBudget(() => perSecond),
    onProgress: () => {},
  });
  const loadBefore = uptime();
  const started = performance.now();
  await sync.start();
  const seconds = (performance.now() - started) / 1000;
  const progress = sync.progress();
  if (progress.state !== 'up-to-date') throw new Error(`${label}: the sync ended ${progress.state}`);
  return { label, seconds, requests, rateLimited, progress, loadBefore, loadAfter: uptime() };
}

export default async function syncBench(): Promise<void> {
  console.log('seeding the demo profile and starting the local service...');
  const service = await startTestService({ profile: 'demo' });
  const dir = mkdtempSync(join(tmpdir(), 'callscope-bench-sync-'));
  try {
    const { org, key } = demoKeyOf(service.manifest!);
    const limitedKey = (
      await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id, '--rate-limit', '10/1'])
    ).trim();

    const runs: Run[] = [];
    const sizes: { segments: number; bytes: number }[] = [];
    for (const [label, apiKey, perSecond] of [
      ['no rate limit (a key without one, no budget)', key.key, 1_000_000],
      ['10 requests/s (the key limited to 10/s by the service, the budget at 10/s)', limitedKey, 10],
    ] as const) {
      const file = join(dir, `${runs.length}.replica.sqlite`);
      const db = openReplicaDb({ file, key: randomBytes(32) });
      console.log(`full sync, ${label}...`);
      runs.push(await syncRound(`full sync, ${label}`, service, apiKey, db, perSecond));
      if (perSecond === 10) {
        console.log('incremental round, nothing changed...');
        runs.push(await syncRound('next round, nothing changed, 10 requests/s', service, apiKey, db, perSecond));
      }
      db.pragma('wal_checkpoint(TRUNCATE)');
      sizes.push({
        segments: db.prepare('SELECT count(*) FROM segments').pluck().get() as number,
        bytes: statSync(file).size,
      });
      db.close();
    }

    const size = sizes[0]!;
    const perHundredThousand = (size.bytes / size.segments) * 100_000;
    const rows = runs.map(
      (run) =>
        `| ${run.label} | ${run.seconds.toFixed(1)} | ${run.requests} | ${run.rateLimited} | ${run.progress.calls.synced} / ${run.progress.deals.synced} | ${run.loadBefore.replace('load average: ', '')} → ${run.loadAfter.replace('load average: ', '')} |`,
    );
    const markdown = `## Background sync (\`bench/sync.bench.ts\`)

The \`demo\` profile's first organisation synced from empty into an encrypted replica file by the
app's own sync and API client against the local service (its own process, loopback), one request
at a time, pages of 100. A full sync is the list pages, then each deal (\`getDeal\`) and each call
with its transcript, events, summary and checklist. The next round walks every list page again and
fetches nothing (nothing changed). "requests" are the sync's (one the client retried after a 429
counts once); "429s" counts every 429 answer. Load: \`uptime\`'s 1/5/15-minute averages before → after each run. **The machine is shared
with three other engineers' builds and tests**, so times are slower than on a quiet machine.

| run | seconds | requests | 429s | calls / deals stored | load before → after |
|---|---:|---:|---:|---|---|
${rows.join('\n')}

Replica size on disk after the full sync (WAL folded in): ${(size.bytes / 2 ** 20).toFixed(1)} MiB for
${size.segments.toLocaleString('en-US')} transcript segments, **${(perHundredThousand / 2 ** 20).toFixed(1)} MiB per 100,000
segments** (every answer a screen reads, as JSON, plus the segments table and its FTS5 index,
encrypted). The \`replica\` bench above measures the same at 1,000,000 synthetic segments (transcripts
and call records only, so smaller per segment).

Not measured: the \`large\` profile (seeding it took 758 s for the search bench, over the ten
minutes this bench may spend; at 10 requests/s its first organisation's 4,200 calls and 1,200
deals, about 22,300 requests, would take some 37 minutes).

${describeMachine()}
`;
    console.log(markdown);
    recordBenchmark('sync', markdown);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await service.stop();
  }
}
