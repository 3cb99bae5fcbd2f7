/**
 * What changed and the roll-up on a copy that has seen MANY changes (issue 28, item 5): the
 * `large` profile's first organisation served from a copy of its seeded data (the seed in
 * .data/bench-large is only read), synced whole, then a few hundred of its deals changed through
 * the service's own `deal set` code (close dates pushed, amounts raised, statuses moved) and
 * synced again, so the copy's journal holds a change for each; then each screen opened in
 * Chromium as bench/synced-screens.bench.ts opens them, in two rounds with the load noted.
 *
 * `npm run bench what-changed-many`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/service/db/database';
import { updateDeal } from '../src/service/queries/deals';
import type { SyncStatus } from '../src/shared/bridge';
import type { WhatChanged } from '../src/shared/what-changed';
import { currentLargeSeed, serveLargeWorkspace } from './large-profile';
import { describeMachine, loadAverage, recordBenchmark } from './report';
import { screenOpeningsOf } from './screen-paint';
import { goalLine, openingRow, syncedHost } from './synced-screens.bench';

const CHANGED_DEALS = 400;
const OPENINGS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Changes deals as the CRM behind the service would (`deal set`'s own write): every deal's close
 * date pushed five weeks, every second one's amount up 15%, every fifth one's status moved
 * between open and on hold. Returns how many fields changed.
 */
function changeDeals(dataDir: string, orgId: string): number {
  const db = openDatabase(dataDir);
  try {
    const deals = db
      .prepare<
        [string, number],
        { id: string; close_date: string | null; forecast_amount: number | null; status: string }
      >('SELECT id, close_date, forecast_amount, status FROM deals WHERE org_id = ? ORDER BY id LIMIT ?')
      .all(orgId, CHANGED_DEALS);
    let fields = 0;
    const now = new Date().toISOString();
    deals.forEach((deal, index) => {
      const closeDate = deal.close_date && new Date(Date.parse(deal.close_date) + 35 * DAY_MS).toISOString();
      const amount =
        index % 2 === 0 && deal.forecast_amount !== null ? Math.round(deal.forecast_amount * 1.15) : undefined;
      const status = index % 5 === 0 ? (deal.status === 'OPEN' ? 'ON_HOLD' : 'OPEN') : undefined;
      const changes = { close_date: closeDate ?? undefined, forecast_amount: amount, status };
      fields += Object.values(changes).filter((value) => value !== undefined).length;
      updateDeal(db, deal.id, changes, now);
    });
    return fields;
  } finally {
    db.close();
  }
}

export default async function whatChangedManyBench(): Promise<void> {
  if (!currentLargeSeed()) {
    throw new Error('the large profile is not seeded in .data/bench-large: `npm run bench search` seeds it');
  }
  const { service, apiKey, orgId } = await serveLargeWorkspace();
  const { dataDir } = service;
  const replicaDir = mkdtempSync(join(tmpdir(), 'callscope-bench-changes-'));
  try {
    console.log('the first full sync, unthrottled (minutes)...');
    const { host, sync } = await syncedHost(service.baseUrl, apiKey, replicaDir);
    try {
      const fields = changeDeals(dataDir, orgId);
      const bridge = await host.bridgeSession();
      console.log(`${fields} fields of ${CHANGED_DEALS} deals changed; syncing again...`);
      await bridge('pauseSync');
      const resumed = await bridge('resumeSync');
      if (!resumed.ok) throw new Error(`resumeSync failed: ${resumed.error.message}`);
      for (;;) {
        const status = await bridge('getSyncStatus');
        if (status.ok && (status.value as SyncStatus).state === 'up-to-date') break;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      const read = await bridge('whatChanged', { since: { kind: 'last-look' } });
      if (!read.ok) throw new Error(`whatChanged failed: ${read.error.message}`);
      const listed = (read.value as WhatChanged).changes.length;
      const rounds: string[] = [];
      for (const round of [1, 2]) {
        const loadBefore = loadAverage();
        console.log(`round ${round}: each screen opened ${OPENINGS} times...`);
        const openings = await screenOpeningsOf(host, OPENINGS);
        const goals = (['rollup', 'changes'] as const).map((screen) => goalLine(screen, 'keys', openings));
        rounds.push(`**Round ${round}** (load before → after: ${loadBefore} → ${loadAverage()})

| screen | opened by | goal | measured | |
|---|---|---|---|---|
${goals.join('\n')}

| screen | press | painted, ms | first call sent, ms | last call answered, ms | shown | bridge calls |
|---|---|---:|---:|---:|---:|---|
${openings
  .filter((opening) => opening.screen !== 'pipeline')
  .map(openingRow)
  .join('\n')}
`);
      }
      const markdown = `## What changed and the roll-up with many changes, \`large\` profile (\`bench/what-changed-many.bench.ts\`, \`npm run bench what-changed-many\`)

Issue 28, item 5, on a copy whose journal is full. A copy of the \`large\` profile's seeded
service data (the seed itself is only read) served by the local service; its first organisation
synced whole into an empty encrypted copy (${sync.calls.synced.toLocaleString('en-US')} calls,
${sync.deals.synced.toLocaleString('en-US')} deals); then ${CHANGED_DEALS} of its deals changed through
the service's own \`deal set\` write (${fields} fields: close dates pushed five weeks, every second
amount up 15%, every fifth status moved between open and on hold) and synced again, so What
changed since my last look (never marked: the copy's whole history) lists **${listed} changes**.
Each screen then opened ${OPENINGS} times by \`G\` then its letter in a fresh Chromium page (as
\`bench/synced-screens.bench.ts\` opens them), in two rounds. "Shown": the grid's cells, or the
changes listed. The machine has 2 cores; the load of each round is given with it.

${rounds.join('\n')}
${describeMachine()}
`;
      console.log(markdown);
      recordBenchmark('what-changed-many', markdown);
    } finally {
      await host.close();
    }
  } finally {
    rmSync(replicaDir, { recursive: true, force: true });
    await service.stop();
  }
}
