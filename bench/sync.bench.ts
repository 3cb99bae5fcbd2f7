/**
 * The background sync against the running local service, as the app runs it (the client with its
 * retries, an encrypted replica file, one request at a time): time to sync a profile's first
 * organisation fully, with no rate limit and at 10 requests a second (a key the service limits to
 * 10 a second, and the sync's budget at 10), then one incremental round with nothing changed; and
 * the replica's size on disk per 100,000 transcript segments it holds.
 *
 * `npm run bench sync` syncs the `demo` profile (seeded in seconds). `npm run bench sync -- --large`
 * syncs the `large` profile's first organisation (4,200 calls, 1,200 deals, 27,675 requests in its last run: 4,042 calls and 1,123 deals are in its lists)
 * from the database the search bench seeds in .data/bench-large (bench/large-profile.ts): seeding
 * it again here would add over twelve minutes. `--stop-at=HH:MM` (UTC) pauses a run still going at
 * that time and records it as partial, with what it did by then.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { replicaAnswers } from '../src/main/core/engine/replica/replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../src/main/core/engine/replica/replica-db';
import { createRequestBudget } from '../src/main/core/engine/replica/sync/request-budget';
import { createWorkspaceSync, type SyncProgress } from '../src/main/core/engine/replica/sync/workspace-sync';
import { createApiClient } from '../src/main/core/service-client/api-client/api-client';
import { ApiError } from '../src/main/core/service-client/api-client/api-error';
import { openDatabase } from '../src/service/db/database';
import { startTestService, type TestService } from '../src/service/testing/test-service';
import { demoKeyOf } from '../src/shared/manifest';
import { currentLargeSeed, firstOrganisation, largeDataDir } from './large-profile';
import { describeMachine, loadAverage, recordBenchmark } from './report';

/** The running service of one profile and the organisation whose workspace is synced. */
interface Source {
  profile: 'demo' | 'large';
  service: TestService;
  orgId: string;
  memberId: string;
  /** Where the service's data came from, for the section's first paragraph. */
  origin: string;
  /** Ends the service; the demo's temporary data goes with it, the seeded large profile stays. */
  close(): Promise<void>;
}

async function demoSource(): Promise<Source> {
  console.log('seeding the demo profile and starting the local service...');
  const service = await startTestService({ profile: 'demo' });
  const { org } = demoKeyOf(service.manifest!);
  return {
    profile: 'demo',
    service,
    orgId: org.id,
    memberId: org.members[0]!.id,
    origin: 'seeded by the CLI into a temporary data directory',
    close: () => service.stop(),
  };
}

async function largeSource(): Promise<Source> {
  const seed = currentLargeSeed();
  if (!seed) {
    throw new Error(
      'the large profile is not seeded in .data/bench-large (or was seeded under an older schema): ' +
        '`npm run bench search` seeds it (about 13 minutes here), then run `npm run bench sync -- --large` again',
    );
  }
  const db = openDatabase(largeDataDir);
  const { orgId, memberId } = firstOrganisation(db);
  db.close();
  console.log('starting the local service on .data/bench-large...');
  const service = await startTestService({ dataDir: largeDataDir, profile: 'none' });
  return {
    profile: 'large',
    service,
    orgId,
    memberId,
    origin: `seeded once by the search bench into .data/bench-large, ${seed.segments.toLocaleString('en-US')} segments in all, in ${seed.seconds} s, and served from there; the bench issues its two keys into it`,
    // Not stop(): that deletes the data directory, and the seed is kept for the next runs.
    close: async () => {
      await service.terminate();
    },
  };
}

interface Run {
  label: string;
  seconds: number;
  requests: number;
  rateLimited: number;
  progress: SyncProgress;
  /** Paused at `--stop-at` before it finished. */
  partial: boolean;
  loadBefore: string;
  loadAfter: string;
}

async function syncRound(
  label: string,
  service: TestService,
  apiKey: string,
  db: ReplicaDatabase,
  perSecond: number,
  stopAt: Date | null,
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
  const loadBefore = loadAverage();
  const started = performance.now();
  const deadline = stopAt ? setTimeout(() => sync.pause(), stopAt.getTime() - Date.now()) : undefined;
  // A line a minute, so a long run's log shows it moving.
  const ticker = setInterval(() => {
    const { calls, deals } = sync.progress();
    console.log(
      `  ${Math.round((performance.now() - started) / 1000)} s: ${requests} requests, calls ${calls.synced}/${calls.known}, deals ${deals.synced}/${deals.known}`,
    );
  }, 60_000);
  try {
    await sync.start();
  } finally {
    clearTimeout(deadline);
    clearInterval(ticker);
  }
  const seconds = (performance.now() - started) / 1000;
  const progress = sync.progress();
  const partial = progress.state === 'paused';
  if (!partial && progress.state !== 'up-to-date') throw new Error(`${label}: the sync ended ${progress.state}`);
  return { label, seconds, requests, rateLimited, progress, partial, loadBefore, loadAfter: loadAverage() };
}

const count = (value: number) => value.toLocaleString('en-US');
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function row(run: Run): string {
  const { calls, deals } = run.progress;
  const label = run.partial ? `${run.label} — **partial: paused at \`--stop-at\`, unfinished**` : run.label;
  return `| ${label} | ${run.seconds.toFixed(1)} | ${count(run.requests)} | ${run.rateLimited} | ${count(calls.synced)} of ${count(calls.known)} / ${count(deals.synced)} of ${count(deals.known)} | ${run.loadBefore} → ${run.loadAfter} |`;
}

/** What a partial run did, in words, so no reader takes its seconds for a full sync's. */
function partialNote(run: Run): string {
  const { calls, deals } = run.progress;
  return `The run "${run.label}" did not finish: it was paused at the \`--stop-at\` time after ${run.seconds.toFixed(0)} s and ${count(run.requests)} requests, with ${count(calls.synced)} of ${count(calls.known)} calls and ${count(deals.synced)} of ${count(deals.known)} deals stored. Its seconds are not the time of a full sync, and no full-sync time at this rate was measured in this run.`;
}

interface Size {
  segments: number;
  bytes: number;
  partial: boolean;
}

function section(source: Source, runs: Run[], size: Size | undefined, notRun: string[]): string {
  const title = source.profile === 'demo' ? 'Background sync' : 'Background sync, `large` profile';
  const command = source.profile === 'demo' ? '`npm run bench sync`' : '`npm run bench sync -- --large`';
  const sizeText = size
    ? `Replica size on disk after the first full sync${size.partial ? ' (**partial**, paused before it finished)' : ''} (WAL folded in): ${mib(size.bytes)} MiB for
${count(size.segments)} transcript segments, **${mib((size.bytes / size.segments) * 100_000)} MiB per 100,000
segments** (every answer a screen reads, as JSON, plus the segments table and its FTS5 index,
encrypted). The \`replica\` bench above measures the same at 1,000,000 synthetic segments (transcripts
and call records only, so smaller per segment).`
    : 'Replica size: not measured (no full sync ran).';
  const otherProfile =
    source.profile === 'demo'
      ? 'The `large` profile (its first organisation: 4,200 calls, 1,200 deals, 27,675 requests in its last run: 4,042 calls and 1,123 deals are in its lists) is measured on request, by `npm run bench sync -- --large` on the database the search bench seeds (seeding it again would add over twelve minutes), into its own section: "Background sync, `large` profile".'
      : 'The `demo` profile is the section above (`npm run bench sync`).';
  return `## ${title} (\`bench/sync.bench.ts\`, ${command})

The \`${source.profile}\` profile's first organisation (${source.origin}) synced from empty
into an encrypted replica file by the app's own sync and API client against the local service (its own
process, loopback), one request at a time, pages of 100. A full sync is the list pages and the members, then each
deal (\`getDeal\`, its scorings and activities) and each call with its transcript, events, summary,
checklist and analyses. The next round walks every list page again, reads the members and fetches
nothing else (nothing changed). "requests"
are the sync's (one the client retried after a 429 counts once); "429s" counts every 429 answer.
Load: the 1/5/15-minute load averages before → after each run. The machine may be shared with
other builds and tests, which slow a run: the load says how busy it was at each end.

| run | seconds | requests | 429s | calls / deals stored (of known) | load before → after |
|---|---:|---:|---:|---|---|
${runs.map(row).join('\n')}
${[...runs.filter((run) => run.partial).map(partialNote), ...notRun.map((what) => `Not measured in the run that wrote this section: ${what}.`)].map((line) => `\n${line}\n`).join('')}
${sizeText}

${otherProfile}

${describeMachine()}
`;
}

const plannedRuns = [
  { label: 'full sync, no rate limit (a key without one, no budget)', rateLimit: null, perSecond: 1_000_000 },
  {
    label: 'full sync, 10 requests/s (the key limited to 10/s by the service, the budget at 10/s)',
    rateLimit: '10/1',
    perSecond: 10,
  },
] as const;
const incrementalLabel = 'next round, nothing changed, 10 requests/s';

/** The runs planned that this run of the bench did not make, each with why. */
function notRun(runs: Run[]): string[] {
  const made = (label: string) => runs.find((run) => run.label === label);
  const missing = plannedRuns
    .filter(({ label }) => !made(label))
    .map(({ label }) => `"${label}" (this section was written before it ran)`);
  const limited = made(plannedRuns[1].label);
  if (!made(incrementalLabel)) {
    missing.push(
      `"${incrementalLabel}" (${limited?.partial ? 'the full sync before it did not finish' : 'this section was written before it ran'})`,
    );
  }
  return missing;
}

/** `--stop-at=HH:MM`: that time today, UTC. */
function parseStopAt(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error('--stop-at must read HH:MM (UTC)');
  const at = new Date();
  at.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTime() <= Date.now()) throw new Error(`--stop-at ${value} UTC has passed`);
  return at;
}

export default async function syncBench(flags: readonly string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: [...flags],
    strict: true,
    options: { large: { type: 'boolean' }, 'stop-at': { type: 'string' } },
  });
  const stopAt = parseStopAt(values['stop-at']);
  const source = values.large ? await largeSource() : await demoSource();
  const dir = mkdtempSync(join(tmpdir(), 'callscope-bench-sync-'));
  try {
    const runs: Run[] = [];
    let size: Size | undefined;
    // Recorded after every run, so a long run that is stopped still leaves what was measured.
    const record = () => {
      const markdown = section(source, runs, size, notRun(runs));
      console.log(markdown);
      recordBenchmark(source.profile === 'demo' ? 'sync' : 'sync-large', markdown);
    };
    for (const planned of plannedRuns) {
      if (stopAt && Date.now() >= stopAt.getTime()) break;
      const apiKey = (
        await source.service.cli([
          'keys',
          'issue',
          '--org',
          source.orgId,
          '--member',
          source.memberId,
          ...(planned.rateLimit ? ['--rate-limit', planned.rateLimit] : []),
        ])
      ).trim();
      const file = join(dir, `${runs.length}.replica.sqlite`);
      const db = openReplicaDb({ file, key: randomBytes(32) });
      console.log(`${planned.label}...`);
      const full = await syncRound(planned.label, source.service, apiKey, db, planned.perSecond, stopAt);
      runs.push(full);
      // A round after a paused one would only finish the full sync: not what "nothing changed" measures.
      if (planned.rateLimit && !full.partial) {
        console.log('incremental round, nothing changed...');
        runs.push(await syncRound(incrementalLabel, source.service, apiKey, db, planned.perSecond, stopAt));
      }
      if (!size) {
        db.pragma('wal_checkpoint(TRUNCATE)');
        size = {
          segments: db.prepare('SELECT count(*) FROM segments').pluck().get() as number,
          bytes: statSync(file).size,
          partial: full.partial,
        };
      }
      db.close();
      rmSync(file, { force: true });
      record();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await source.close();
  }
}
