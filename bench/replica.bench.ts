/**
 * The local replica at scale: 1,000,000 transcript segments (4,000 calls of 250 lines written by
 * the seed's transcript generator) in an encrypted replica file, indexed as the app indexes them.
 * Measures what the person waits for: a seen call's answers read back from the replica (the part
 * of a re-open that is ours, service stopped or not), local search p50/p95 for 1-, 2- and 3+-
 * character queries, and the file's size per 100,000 segments.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HIT_BUDGET, localSearch, RANKED_HIT_BUDGET } from '../src/main/core/engine/replica/local-search';
import { canonicalParams, replicaAnswers } from '../src/main/core/engine/replica/replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../src/main/core/engine/replica/replica-db';
import { Random } from '../src/service/seed/random';
import { type CallCast, generateTranscript } from '../src/service/seed/transcript';
import { describeMachine, loadAverage, measure, percentile, projectRoot, recordBenchmark } from './report';

const CALLS = 4_000;
const SEGMENTS_PER_CALL = 250;
const RUNS_SEARCH = 30;
const queries: { label: string; q: string; mode: 'words' | 'phrase'; order: 'newest' | 'best' }[] = [
  { label: '1 character', q: 'e', mode: 'words', order: 'newest' },
  { label: '1 character', q: 'p', mode: 'words', order: 'newest' },
  { label: '1 character, best match', q: 'e', mode: 'words', order: 'best' },
  { label: '2 characters', q: 'pr', mode: 'words', order: 'newest' },
  { label: '2 characters', q: 'bu', mode: 'words', order: 'newest' },
  { label: '3+ characters', q: 'pri', mode: 'words', order: 'newest' },
  { label: '3+ characters', q: 'pricing', mode: 'words', order: 'newest' },
  { label: '3+ characters, best match', q: 'pricing', mode: 'words', order: 'best' },
  { label: '3+ characters', q: 'security pack', mode: 'phrase', order: 'newest' },
];

const types = ['DISCOVERY', 'DEMO', 'NEGOTIATION', 'FOLLOW_UP', 'GENERAL'] as const;

function castFor(random: Random, index: number): CallCast {
  const person = (first: string, last: string) => ({ first, name: `${first} ${last}` });
  return {
    type: types[index % types.length]!,
    org: `Account ${index % 300}`,
    seller: person('Maya', 'Ortiz'),
    buyer: person('José', 'Lindqvist'),
    buyer2: person('Ana', 'Kowalski'),
    decisionMaker: { ...person('Priya', 'Nair'), title: 'VP Sales' },
    competitor: random.pick(['Signalwise', 'Gongly', 'Chorusly']),
    integration: random.pick(['Salesforce', 'HubSpot']),
    plan: random.pick(['Team', 'Business']),
    pricePerSeat: 40 + (index % 5) * 10,
    seats: 20 + (index % 50),
  };
}

/**
 * The seeded replica, kept in `.data/bench-replica` with its key so a later run (and a change to
 * the search alone) does not write 1,000,000 segments again; a file whose seeding did not finish
 * (no `seeded.json`) is written anew. A schema change reaches the kept file through its migrations.
 */
export function seededReplica(): {
  db: ReplicaDatabase;
  file: string;
  key: Buffer;
  segments: number;
  buildSeconds: number;
} {
  const dir = join(projectRoot, '.data', 'bench-replica');
  const file = join(dir, 'bench.replica.sqlite');
  const keyFile = join(dir, 'bench.key');
  const doneFile = join(dir, 'seeded.json');
  if (existsSync(doneFile) && existsSync(keyFile)) {
    const done = JSON.parse(readFileSync(doneFile, 'utf8')) as { segments: number; buildSeconds: number };
    const key = Buffer.from(readFileSync(keyFile, 'utf8'), 'hex');
    return { db: openReplicaDb({ file, key }), file, key, ...done };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyFile, key.toString('hex'), { mode: 0o600 });
  const db = openReplicaDb({ file, key });
  const answers = replicaAnswers(db);
  const random = new Random(0x5eed);
  const started = performance.now();
  const base = Date.parse('2026-01-01T00:00:00Z');
  const write = db.transaction((from: number, to: number) => {
    for (let index = from; index < to; index++) {
      const id = `vid_${index}`;
      const createdAt = new Date(base + index * 3_600_000).toISOString();
      answers.put(
        'getVideo',
        canonicalParams({ id }),
        { data: { id, title: `Call ${index}`, deal_id: `deal_${index % 1200}`, created_at: createdAt }, meta: {} },
        0,
      );
      const segments = generateTranscript(random, castFor(random, index), SEGMENTS_PER_CALL)
        .slice(0, SEGMENTS_PER_CALL)
        .map((segment, position) => ({ id: `${id}_${position}`, ...segment }));
      answers.put('getTranscript', canonicalParams({ id }), { data: segments, meta: {} }, 0);
    }
  });
  for (let from = 0; from < CALLS; from += 200) write(from, Math.min(CALLS, from + 200));
  const segments = db.prepare('SELECT count(*) FROM segments').pluck().get() as number;
  const buildSeconds = (performance.now() - started) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  writeFileSync(doneFile, JSON.stringify({ segments, buildSeconds }));
  return { db, file, key, segments, buildSeconds };
}

export default async function replicaBench(): Promise<void> {
  const loadAtStart = loadAverage();
  const { db, file, segments, buildSeconds } = seededReplica();
  const answers = replicaAnswers(db);
  const bytes = statSync(file).size;

  const seen = `vid_${CALLS - 1}`;
  const reopen = measure(() => {
    answers.get('getVideo', canonicalParams({ id: seen }));
    answers.get('getTranscript', canonicalParams({ id: seen }));
  }, 30);

  const rows = queries.map(({ label, q, mode, order }) => {
    let result: ReturnType<typeof localSearch> | undefined;
    const times = measure(() => {
      result = localSearch(db, { q, mode, order, limit: 25 });
    }, RUNS_SEARCH);
    const hits = `${result!.complete ? '' : '≥ '}${result!.totalHits.toLocaleString('en-US')}`;
    return `| ${label} | \`${q}\`${mode === 'phrase' ? ' (phrase)' : ''} | ${hits} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${percentile(times, 0.95) <= 50 ? 'met' : '**missed**'} |`;
  });
  db.close();

  const markdown = `## Local replica (\`bench/replica.bench.ts\`)

${segments.toLocaleString('en-US')} segments (${CALLS.toLocaleString('en-US')} calls of ${SEGMENTS_PER_CALL} lines from the seed's transcript generator) written into an encrypted replica file as the app writes them, with the FTS5 index: ${buildSeconds.toFixed(0)} s (once; later runs reuse the file in \`.data/bench-replica\`). In-process, no bridge or paint; searches and the re-open 30 runs each, after 2 warm-ups.

| what | p50 ms | p95 ms |
|---|---|---|
| a seen call's detail and ${SEGMENTS_PER_CALL}-line transcript read back from the replica | ${percentile(reopen, 0.5).toFixed(2)} | ${percentile(reopen, 0.95).toFixed(2)} |

Local search (words mode: each word as a word prefix; newest first unless said; the first 25 calls with their counts, first hits and neighbouring lines, and the counts per deal). A search reads at most ${HIT_BUDGET.toLocaleString('en-US')} matching lines in one pass (${RANKED_HIT_BUDGET.toLocaleString('en-US')} when ranking by best match); past that it searches the newest calls until 25 have a match, each counted whole, and the totals are "at least" (≥). Target (issue 12, item 4): p95 ≤ 50 ms for any length.

| query | text | hits | p50 ms | p95 ms | p95 ≤ 50 ms |
|---|---|---|---|---|---|
${rows.join('\n')}

Replica file size: ${(bytes / 2 ** 20).toFixed(0)} MiB, ${(((bytes / segments) * 100_000) / 2 ** 20).toFixed(1)} MiB per 100,000 segments (answers as JSON, the segments table and the FTS5 index, encrypted).

Keystroke → results painted in browser mode, on a copy of this replica, is the \`local-first\` bench's; time to sync against the local service is the \`sync\` bench's.

${describeMachine()}
- Load average when the run started (1 / 5 / 15 min): ${loadAtStart}
`;
  console.log(markdown);
  recordBenchmark('replica', markdown);
}
