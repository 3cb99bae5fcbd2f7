#!/usr/bin/env node
// The table of layers: every side of src/ and every unit inside it (a folder, or files at the
// side's root, or one file of a folder that stands on a lower floor than its folder), each with
// the units it may import. biome.json's import rules are generated from it
// (`node scripts/import-layers.mjs` rewrites biome.json's `overrides`, nothing else), so the rules
// are allow-lists: a unit imports what its line names and nothing else of its side. The model is
// VS Code's code-layering. scripts/import-layers.test.ts fails when biome.json differs from the
// table, when a folder or root file is not placed in it, or when a placed one is gone;
// scripts/architecture-doc.test.ts when docs/architecture.md's table of units differs from it.
//
// Units are listed bottom floor first, and a unit names only units listed before it: the floors
// only look down. `allow` is what its code imports; `tests` what its tests import besides
// (upward, to drive it through what composes it). A side's `testKits` are open to every test
// (`*.test.ts(x)`) and to the units that are test code themselves (`testCode`, the testing/
// folders), never to the code they test.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const served = {
  group: ['**/shared/api/served'],
  message:
    "The client reads answers with the interface's schemas; served.ts is the local service's own choices (docs/interface-gaps.md).",
};

export const layers = [
  {
    side: 'shared',
    what: 'the contracts every side reads: no Node, DOM or UI',
    uses: [],
    testKits: [],
    bans: [
      {
        group: [
          'node:*',
          'electron',
          'better-sqlite3',
          'better-sqlite3-multiple-ciphers',
          'keytar',
          'react',
          'react-dom',
        ],
        message: 'src/shared runs everywhere: no Node, DOM, Electron or UI imports.',
      },
    ],
    units: [
      { unit: 'api/', what: "the interface's schemas, its table of endpoints, and served.ts", allow: [] },
      { unit: 'api-key-text.ts', what: 'why a pasted text cannot be an API key', allow: [] },
      { unit: 'export-file-name.ts', what: "exported files' names, safe on every OS", allow: [] },
      { unit: 'humanize.ts', what: "the service's enum-like values as words", allow: [] },
      { unit: 'match-count.ts', what: 'how many a search matches, as far as its answer proves', allow: [] },
      { unit: 'one-line.ts', what: 'text made one line, and capped', allow: [] },
      { unit: 'segment-time.ts', what: "the unit of a transcript segment's times", allow: [] },
      { unit: 'call-statistics.ts', what: "a call's statistics from its transcript lines", allow: [] },
      { unit: 'quote-finder.ts', what: 'where a quote was said in a transcript', allow: [] },
      { unit: 'bridge-channels.ts', what: "the Electron bridge's IPC channel names", allow: [] },
      { unit: 'browser-bridge.ts', what: "browser mode's HTTP surface for the bridge", allow: [] },
      { unit: 'manifest.ts', what: "the seed's manifest.json: organisations, members, keys", allow: ['api/'] },
      { unit: 'bookmarks.ts', what: "the manager's bookmarks: what crosses the bridge of them", allow: [] },
      {
        unit: 'what-changed.ts',
        what: 'what changed in the deals since a bookmark: the question and its answer',
        allow: ['bookmarks.ts'],
      },
      {
        unit: 'rollup.ts',
        what: "the roll-up's query and answer, months, and the manager's overlays on deals",
        allow: ['api/'],
      },
      {
        unit: 'deal-review-pack.ts',
        what: "a deal's review pack: the question and the engine's answer",
        allow: ['bookmarks.ts', 'what-changed.ts'],
      },
      { unit: 'iso-week.ts', what: 'the ISO 8601 week an instant falls in (UTC)', allow: [] },
      { unit: 'trackers.ts', what: "the manager's trackers: their definition and what they find", allow: [] },
      { unit: 'review-queue.ts', what: "the review queue's questions and the manager's decisions", allow: [] },
      { unit: 'private-notes.ts', what: "the manager's private notes: what crosses the bridge of them", allow: [] },
      {
        unit: 'one-on-one.ts',
        what: "a rep's 1:1 brief and its action items",
        allow: ['private-notes.ts', 'what-changed.ts'],
      },
      {
        unit: 'notification-rules.ts',
        what: "the manager's notification rules, digest and quiet hours: what crosses the bridge of them",
        allow: [],
      },
      { unit: 'palette.ts', what: "the palette's records: what the local copy sends of them", allow: [] },
      {
        unit: 'warning-snoozes.ts',
        what: "the manager's snoozed deal warnings: what crosses the bridge of them",
        allow: [],
      },
      {
        unit: 'bridge.ts',
        what: 'the contract between renderer and main: operations, events, results',
        allow: [
          'api/',
          'api-key-text.ts',
          'bookmarks.ts',
          'deal-review-pack.ts',
          'export-file-name.ts',
          'notification-rules.ts',
          'palette.ts',
          'rollup.ts',
          'what-changed.ts',
          'trackers.ts',
          'review-queue.ts',
          'private-notes.ts',
          'one-on-one.ts',
          'warning-snoozes.ts',
        ],
      },
      { unit: 'moment-link.ts', what: 'callscope:// links to a moment of a call or to a deal', allow: ['bridge.ts'] },
      { unit: 'copy-scope.ts', what: "what a workspace's local copy keeps, in words", allow: ['bridge.ts'] },
    ],
  },
  {
    side: 'node-shared',
    what: 'plain Node helpers the service and the core share',
    uses: ['shared'],
    testKits: [],
    bans: [{ group: ['electron', 'electron/*'], message: 'src/node-shared is plain Node.' }],
    units: [
      { unit: 'private-files.ts', what: 'files and folders only their owner reads', allow: [] },
      { unit: 'special-addresses.ts', what: 'address ranges that lead to no public host', allow: [] },
      { unit: 'timer-delay.ts', what: 'the longest delay a Node timer holds', allow: [] },
    ],
  },
  {
    side: 'service',
    what: 'the local Sales Call Intelligence service (plain Node)',
    uses: ['shared', 'node-shared'],
    testKits: ['service/testing/', 'service/launch/'],
    bans: [{ group: ['electron', 'electron/*'], message: 'The service is plain Node.' }],
    units: [
      {
        unit: 'search/search-schema.ts',
        what: "the transcript search index's tables and triggers, applied by db/'s migrations",
        allow: [],
      },
      {
        unit: 'db/',
        what: 'SQLite: the database, its migrations, ids, prepared statements',
        allow: ['search/search-schema.ts'],
      },
      { unit: 'ratelimit/', what: "the keys' token buckets", allow: [] },
      { unit: 'background/', what: 'the polling loop background work runs on', allow: [] },
      { unit: 'service-options.ts', what: "how a running service is set up (serve's flags)", allow: [] },
      { unit: 'openapi/', what: 'the OpenAPI document, generated from the endpoints table', allow: [] },
      { unit: 'queries/', what: 'reads and writes of the records, keyset pages', allow: ['db/'] },
      { unit: 'search/', what: 'transcript search', allow: ['db/'], tests: ['seed/'] },
      { unit: 'auth/', what: 'API keys: issued, signed, verified', allow: ['db/', 'ratelimit/'] },
      { unit: 'webhooks/', what: 'webhook endpoints, the outbox and its deliveries', allow: ['background/', 'db/'] },
      {
        unit: 'context.ts',
        what: "what a request's handling reads: the database, keys, limits, options",
        allow: ['auth/', 'db/', 'ratelimit/', 'service-options.ts'],
      },
      {
        unit: 'jobs/',
        what: 'the durable job queue and its worker',
        allow: ['background/', 'db/'],
        tests: ['queries/', 'scoring/'],
      },
      {
        unit: 'analysis/',
        what: "a call's analysis, as a job",
        allow: ['db/', 'jobs/', 'queries/', 'webhooks/'],
        tests: ['seed/'],
      },
      { unit: 'scoring/', what: "a deal's scoring, as a job", allow: ['db/', 'jobs/', 'queries/'] },
      {
        unit: 'seed/',
        what: 'deterministic workspaces: organisations, deals, calls, transcripts',
        allow: ['analysis/', 'db/', 'queries/', 'scoring/'],
      },
      {
        unit: 'ingest/',
        what: "a new call's upload, made with the seed's call generator",
        allow: ['db/', 'jobs/', 'queries/', 'seed/', 'webhooks/'],
      },
      {
        unit: 'demo-life/',
        what: "the demo organisation's life: deals that move, calls that come in, scorings (serve --living-demo-every-ms)",
        allow: ['context.ts', 'db/', 'ingest/', 'queries/', 'scoring/'],
      },
      {
        unit: 'http/',
        what: 'the HTTP app: its pipeline, conventions and handlers',
        allow: [
          'analysis/',
          'auth/',
          'context.ts',
          'db/',
          'openapi/',
          'queries/',
          'ratelimit/',
          'scoring/',
          'search/',
          'webhooks/',
        ],
        tests: ['cli/', 'ingest/', 'server.ts'],
      },
      { unit: 'idempotency/', what: "POSTs' Idempotency-Key replays", allow: ['context.ts', 'db/', 'http/'] },
      {
        unit: 'auxiliary-listing/',
        what: "the auxiliary listing at alt_base_url (the interface's /plants), on the alt port",
        allow: ['context.ts', 'db/', 'http/', 'idempotency/'],
      },
      {
        unit: 'background-work.ts',
        what: "the server's job worker and webhook delivery worker, and the demo's life",
        allow: ['analysis/', 'context.ts', 'demo-life/', 'ingest/', 'jobs/', 'scoring/', 'webhooks/'],
      },
      {
        unit: 'server.ts',
        what: 'the listening server: the HTTP app, its limits and background work',
        allow: [
          'auth/',
          'background-work.ts',
          'context.ts',
          'db/',
          'http/',
          'auxiliary-listing/',
          'idempotency/',
          'ratelimit/',
          'search/',
          'service-options.ts',
        ],
      },
      {
        unit: 'cli/',
        what: "the operator's commands: serve, seed, keys, org, allowlist, fault, ingest",
        allow: [
          'auth/',
          'db/',
          'ingest/',
          'queries/',
          'ratelimit/',
          'seed/',
          'server.ts',
          'service-options.ts',
          'webhooks/',
        ],
      },
      { unit: 'cli.ts', what: "the CLI's entry", allow: ['cli/'] },
      {
        unit: 'launch/',
        what: 'the service as a child process (started, supervised, its CLI run) and a webhook receiver',
        allow: [],
      },
      {
        unit: 'testing/',
        what: 'test kits: a test service, the fault and variant proxies, fixtures',
        allow: ['cli/', 'db/', 'http/', 'launch/', 'search/'],
        testCode: true,
      },
    ],
  },
  {
    side: 'main',
    what: 'the Electron shell, and the core it runs (plain Node, also behind browser mode)',
    uses: ['shared', 'node-shared'],
    testKits: ['main/core/testing/', 'service/testing/', 'service/launch/'],
    // core/ holds units of its own: its floors.
    containers: ['core/'],
    bans: [
      {
        group: ['electron', 'electron/*', 'electron-store'],
        message: 'Only the Electron shell (src/main/*.ts) imports electron.',
        except: ['shell'],
      },
      served,
    ],
    units: [
      {
        unit: 'core/platform/',
        what: 'the key vault, settings, app paths, and the file saver and notifier the host gives',
        allow: [],
      },
      {
        unit: 'core/service-client/',
        what: "the API client, the service's profile, Check connection",
        allow: ['core/platform/'],
      },
      {
        unit: 'core/engine/',
        what: 'the local copy, its sync, local search, saved searches, the worker boundary',
        allow: ['core/platform/', 'core/service-client/'],
        tests: ['core/app/'],
      },
      {
        unit: 'core/app/',
        what: 'the composition: what each bridge operation does, workspaces, jobs, connectivity',
        allow: ['core/engine/', 'core/platform/', 'core/service-client/'],
      },
      {
        unit: 'core/testing/',
        what: 'test kits of the core: a core on a temp dir or a synced copy, faults of the copy and of the API',
        allow: ['core/app/', 'core/engine/', 'core/platform/', 'core/service-client/'],
        testCode: true,
      },
      {
        unit: 'browser/',
        what: 'browser mode: the core behind a loopback HTTP host',
        allow: ['core/app/', 'core/platform/', 'core/service-client/'],
      },
      { unit: 'launch-options.ts', what: 'what the shell loads at launch, in plain values', allow: [] },
      { unit: 'moment-link-launch.ts', what: 'how a moment link reaches the app, in plain values', allow: [] },
      {
        unit: 'shell',
        what: 'the Electron shell: the only code that imports electron',
        files: [
          'index.ts',
          'app-menu.ts',
          'app-protocol.ts',
          'electron-file-saver.ts',
          'electron-notifier.ts',
          'electron-settings.ts',
          'harden.ts',
          'ipc-bridge.ts',
          'main-window.ts',
          'moment-links.ts',
        ],
        allow: ['core/app/', 'core/platform/', 'core/service-client/', 'launch-options.ts', 'moment-link-launch.ts'],
      },
    ],
  },
  {
    side: 'preload',
    what: 'the sandboxed preload: the bridge and nothing else',
    uses: ['shared'],
    testKits: [],
    bans: [{ group: ['node:*'], message: 'A sandboxed preload has no Node modules.' }, served],
    units: [{ unit: 'index.ts', what: 'exposes src/shared/bridge.ts through contextBridge', allow: [] }],
  },
  {
    side: 'renderer',
    what: 'the React app: it reaches the outside only through the bridge',
    uses: ['shared'],
    testKits: [],
    bans: [
      {
        group: [
          'node:*',
          'electron',
          'better-sqlite3',
          'better-sqlite3-multiple-ciphers',
          'keytar',
          'conf',
          'electron-store',
        ],
        message: 'The renderer reaches the outside only through the bridge.',
      },
      served,
    ],
    units: [
      { unit: 'platform/', what: "getBridge(): the preload's bridge or the HTTP shim", allow: [] },
      { unit: 'call-lanes.ts', what: "bridge calls' foreground and background lanes", allow: [] },
      {
        unit: 'api.ts',
        what: 'call(op): a bridge call, its failure a BridgeCallError',
        allow: ['call-lanes.ts', 'platform/'],
      },
      { unit: 'state/', what: 'the UI store, the query client, cursor pages', allow: ['api.ts'] },
      {
        unit: 'navigation/',
        what: 'the router, routes and pathTo; render-ahead/, what makes a click instant',
        allow: [],
      },
      { unit: 'shared-ui/', what: 'components and formatting every screen uses', allow: ['api.ts', 'state/'] },
      {
        unit: 'records/',
        what: 'links to a call or a deal, with the reads their press starts ahead',
        allow: ['api.ts', 'navigation/', 'shared-ui/', 'state/'],
      },
      { unit: 'team/', what: 'the members screen, members by name', allow: ['api.ts', 'navigation/', 'shared-ui/'] },
      {
        unit: 'notes/',
        what: "the manager's private notes: the editor (N), a record's notes, notes found by a search",
        allow: ['api.ts', 'navigation/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'replica/',
        what: "the local copy's settings, freshness and offline words",
        allow: ['api.ts', 'shared-ui/', 'team/'],
      },
      {
        unit: 'jobs/',
        what: "analyses' and scorings' progress and history",
        allow: ['api.ts', 'platform/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'workspaces/',
        what: 'workspaces: add, switch, replace a key, sign out, settings',
        allow: ['api.ts', 'navigation/', 'replica/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'webhooks/',
        what: 'the webhooks screen',
        allow: ['api.ts', 'navigation/', 'replica/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'calls/',
        what: 'the calls list and a call page: transcript, summary, checklist, export',
        allow: [
          'api.ts',
          'jobs/',
          'navigation/',
          'notes/',
          'platform/',
          'records/',
          'replica/',
          'shared-ui/',
          'state/',
        ],
      },
      {
        unit: 'deals/',
        what: 'the Pipeline and a deal page: probability, warnings, activity',
        allow: [
          'api.ts',
          'jobs/',
          'navigation/',
          'notes/',
          'records/',
          'replica/',
          'shared-ui/',
          'state/',
          'team/',
          'workspaces/',
        ],
      },
      {
        unit: 'coaching/',
        what: "coaching: a rep's page and the checklist matrix, from the local copy",
        allow: [
          'api.ts',
          'calls/',
          'deals/',
          'navigation/',
          'notes/',
          'records/',
          'shared-ui/',
          'state/',
          'team/',
          'workspaces/',
        ],
      },
      {
        unit: 'search/',
        what: 'the search palette and saved searches',
        allow: ['api.ts', 'navigation/', 'records/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'bookmarks/',
        what: "the manager's bookmarks and the choice of since when a screen reads",
        allow: ['api.ts', 'shared-ui/'],
      },
      {
        unit: 'rollup/',
        what: "the roll-up: owners × close months, the manager's overlays on deals",
        allow: ['api.ts', 'bookmarks/', 'deals/', 'navigation/', 'records/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'what-changed/',
        what: 'what changed in the deals since a bookmark',
        allow: [
          'api.ts',
          'bookmarks/',
          'deals/',
          'navigation/',
          'records/',
          'replica/',
          'shared-ui/',
          'state/',
          'workspaces/',
        ],
      },
      {
        unit: 'review-pack/',
        what: "a deal's review pack: written as Markdown, saved from the deal page",
        allow: ['api.ts', 'calls/', 'deals/', 'notes/', 'records/', 'shared-ui/', 'what-changed/', 'workspaces/'],
      },
      {
        unit: 'one-on-one/',
        what: "a rep's 1:1 brief: since the last 1:1, action items, Markdown",
        allow: [
          'api.ts',
          'bookmarks/',
          'calls/',
          'coaching/',
          'navigation/',
          'notes/',
          'records/',
          'review-pack/',
          'shared-ui/',
          'state/',
          'team/',
          'what-changed/',
          'workspaces/',
        ],
      },
      {
        unit: 'local-search/',
        what: 'the search screen over the local copy',
        allow: ['api.ts', 'calls/', 'navigation/', 'notes/', 'records/', 'search/', 'shared-ui/'],
      },
      {
        unit: 'status/',
        what: "the one status: online, freshness, sync, what waits to be sent; opens the local copy's settings",
        allow: ['api.ts', 'jobs/', 'navigation/', 'replica/', 'state/'],
      },
      {
        unit: 'notifications/',
        what: "the manager's notification rules, digest time and quiet hours, and the digest screen",
        allow: ['api.ts', 'coaching/', 'navigation/', 'shared-ui/', 'state/', 'team/', 'what-changed/'],
      },
      {
        unit: 'palette/',
        what: 'the command palette: actions, screens and records matched by typed text',
        allow: ['api.ts', 'navigation/', 'records/', 'search/', 'shared-ui/', 'state/'],
      },
      {
        unit: 'app/',
        what: 'App and Shell: every screen composed, shortcuts, bridge events',
        allow: [
          'api.ts',
          'bookmarks/',
          'calls/',
          'coaching/',
          'deals/',
          'local-search/',
          'navigation/',
          'notes/',
          'notifications/',
          'one-on-one/',
          'palette/',
          'platform/',
          'records/',
          'replica/',
          'review-pack/',
          'rollup/',
          'search/',
          'shared-ui/',
          'state/',
          'status/',
          'team/',
          'webhooks/',
          'what-changed/',
          'workspaces/',
        ],
      },
      {
        unit: 'main.tsx',
        what: "the page's entry: styles, the router, App",
        allow: ['app/', 'navigation/', 'shared-ui/'],
      },
    ],
  },
];

const TABLE = 'the table of layers, scripts/import-layers.mjs';

/** Root files of a unit: a file unit is itself, a shell-like unit lists them. */
const filesOf = (unit) => unit.files ?? (unit.unit.endsWith('/') ? [] : [unit.unit]);

const testTwin = (file) => file.replace(/\.(tsx?)$/, '.test.$1');

/** The file units inside a folder unit (`search/search-schema.ts` in `search/`): floors of their own. */
const nestedIn = (side, folder) =>
  side.units.filter((other) => other !== folder && !other.unit.endsWith('/') && other.unit.startsWith(folder.unit));

/**
 * How an import names a unit: a folder by its last name (`../calls/CallLink`, `../platform`), a
 * file by its name without extension (`../api`). An `index` file is an entry nothing imports,
 * and its name is every folder's index: it gets no pattern.
 */
function importPatterns(unit) {
  if (unit.unit.endsWith('/')) {
    const name = basename(unit.unit);
    return [`**/${name}`, `**/${name}/**`];
  }
  return filesOf(unit)
    .map((file) => file.replace(/\.[^.]+$/, ''))
    .filter((name) => name !== 'index')
    .map((name) => `**/${name}`);
}

function findUnit(table, ref) {
  for (const side of table) {
    if (!ref.startsWith(`${side.side}/`)) continue;
    const unit = side.units.find((candidate) => `${side.side}/${candidate.unit}` === ref);
    if (unit) return { side, unit };
  }
  throw new Error(`${ref}: no such unit in ${TABLE}`);
}

function checkTable(table) {
  for (const side of table) {
    const ids = side.units.map((unit) => unit.unit);
    for (const [index, unit] of side.units.entries()) {
      for (const ref of [...unit.allow, ...(unit.tests ?? [])]) {
        if (!ids.includes(ref))
          throw new Error(`src/${side.side}/${unit.unit} names ${ref}, not a unit of src/${side.side} (${TABLE})`);
      }
      for (const ref of unit.allow) {
        if (ids.indexOf(ref) > index) {
          throw new Error(`src/${side.side}/${unit.unit} may not import ${ref}: it stands higher (${TABLE})`);
        }
      }
    }
    for (const ref of side.testKits) findUnit(table, ref);
  }
}

/** The rule for one unit's files: everything it may not import, as deny patterns. */
function patternsFor(table, side, unit, { allow, kits, who }) {
  const ownKits = kits.filter((kit) => kit.startsWith(`${side.side}/`)).map((kit) => kit.slice(side.side.length + 1));
  const otherKits = kits.filter((kit) => !kit.startsWith(`${side.side}/`));
  const kitPaths = otherKits.flatMap((kit) =>
    importPatterns(findUnit(table, kit).unit).map((pattern) => pattern.replace('**/', `**/${dirname(kit)}/`)),
  );
  const patterns = side.bans
    .filter((ban) => !ban.except?.includes(unit.unit))
    .map(({ group, message }) => ({ group, message }));
  const name = unit.files ? `the ${unit.unit} files of src/${side.side}` : `src/${side.side}/${unit.unit}`;
  const whose = who === 'tests' ? `Tests of ${name}` : name.replace(/^t/, 'T');

  const otherSides = table.filter((other) => other !== side && !side.uses.includes(other.side));
  if (otherSides.length > 0) {
    const open = [...side.uses, ...otherKits].map((name) => `src/${name}`);
    patterns.push({
      group: [...otherSides.map((other) => `**/${other.side}/**`), ...kitPaths.map((path) => `!${path}`)],
      message: `${whose} may import, of the other sides, only ${open.length === 0 ? 'nothing' : open.join(', ')} (${TABLE}).`,
    });
  }

  const mayImport = [...allow, ...ownKits].filter((ref) => ref !== unit.unit);
  const refused = side.units
    .filter((other) => other !== unit && !mayImport.includes(other.unit))
    .flatMap(importPatterns);
  if (refused.length > 0) {
    // A refused unit's name may also end a path to what is open: `**/api` is renderer/api.ts, and
    // also the end of `../../shared/api`; `**/http` is service/http/, and also `../testing/http`.
    // `./` never leaves a folder, so inside a folder unit it stays in the unit.
    const openFolders = side.units.filter((other) => mayImport.includes(other.unit) && other.unit.endsWith('/'));
    const open = [
      ...side.uses.map((name) => `**/${name}/**`),
      ...kitPaths,
      ...openFolders.map((other) => `**/${basename(other.unit)}/**`),
      ...side.units
        .filter((other) => mayImport.includes(other.unit) && other.unit.includes('/') && !other.unit.endsWith('/'))
        .flatMap(importPatterns),
      ...(unit.unit.endsWith('/') ? ['./**'] : []),
    ];
    // An open folder does not open a file of it that stands on its own floor; the last pattern
    // that matches decides.
    const closedAgain = openFolders
      .flatMap((folder) => nestedIn(side, folder))
      .filter((nested) => !mayImport.includes(nested.unit))
      .flatMap(importPatterns);
    patterns.push({
      group: [...refused, ...open.map((path) => `!${path}`), ...closedAgain],
      message:
        mayImport.length === 0
          ? `${whose} imports nothing else of src/${side.side} (${TABLE}).`
          : `${whose} may import, of src/${side.side}, only ${mayImport.join(', ')} (${TABLE}).`,
    });
  }
  return patterns;
}

const override = (includes, patterns) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

/**
 * biome.json's `overrides`: one per unit, and where its tests may import more (test kits, or what
 * composes the unit), one for its code and one for its tests. No two overrides cover one file, so
 * none replaces another's patterns.
 */
export function importOverrides(table = layers) {
  checkTable(table);
  const overrides = [];
  for (const side of table) {
    const root = `src/${side.side}/`;
    for (const unit of side.units) {
      const isFolder = unit.unit.endsWith('/');
      // A file of this folder on a floor of its own is that unit's, in code and in tests.
      const notNested = nestedIn(side, unit)
        .flatMap(filesOf)
        .flatMap((file) => [`!${root}${file}`, `!${root}${testTwin(file)}`]);
      const code = isFolder ? [`${root}${unit.unit}**`, ...notNested] : filesOf(unit).map((file) => root + file);
      const tests = isFolder
        ? [`${root}${unit.unit}**/*.test.ts`, `${root}${unit.unit}**/*.test.tsx`, ...notNested]
        : filesOf(unit).map((file) => root + testTwin(file));
      const forTests = { allow: [...unit.allow, ...(unit.tests ?? [])], kits: side.testKits, who: 'tests' };
      if (unit.testCode) {
        overrides.push(override(isFolder ? code : [...code, ...tests], patternsFor(table, side, unit, forTests)));
        continue;
      }
      const forCode = { allow: unit.allow, kits: [], who: 'code' };
      if (forTests.allow.length === unit.allow.length && side.testKits.length === 0) {
        overrides.push(override(isFolder ? code : [...code, ...tests], patternsFor(table, side, unit, forCode)));
        continue;
      }
      overrides.push(
        override(
          isFolder ? [...code, '!**/*.test.ts', '!**/*.test.tsx'] : code,
          patternsFor(table, side, unit, forCode),
        ),
      );
      overrides.push(override(tests, patternsFor(table, side, unit, forTests)));
    }
  }
  return overrides;
}

const CODE = /\.(c|m)?[jt]sx?$/;

/**
 * What the table and src/ disagree on: a folder or root file of a side (or of a container such as
 * main/core/) that no unit places, and a placed unit that is gone. A root test file is placed with
 * the file it tests.
 */
export function placementProblems(srcDir, table = layers) {
  const problems = [];
  for (const side of table) {
    const sideDir = join(srcDir, side.side);
    const placed = new Set(side.units.flatMap((unit) => (unit.unit.endsWith('/') ? [unit.unit] : filesOf(unit))));
    for (const container of side.containers ?? []) placed.add(container);
    for (const level of ['', ...(side.containers ?? [])]) {
      for (const entry of readdirSync(join(sideDir, level), { withFileTypes: true })) {
        const name = level + entry.name + (entry.isDirectory() ? '/' : '');
        if (!entry.isDirectory() && !CODE.test(entry.name)) continue;
        if (!placed.has(name.replace(/\.test(\.[^.]+)$/, '$1'))) {
          problems.push(
            `src/${side.side}/${name} is not placed in ${TABLE}: add it to its floor, with what it may import`,
          );
        }
      }
    }
    for (const name of placed) {
      if (!existsSync(join(sideDir, name)))
        problems.push(`src/${side.side}/${name} is in ${TABLE} but no longer exists`);
    }
  }
  return problems;
}

const biomeJson = fileURLToPath(new URL('../biome.json', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = JSON.parse(readFileSync(biomeJson, 'utf8'));
  config.overrides = importOverrides();
  writeFileSync(biomeJson, `${JSON.stringify(config, null, 2)}\n`);
  // Biome's own layout, so `biome check` finds nothing to reformat.
  execFileSync(join(dirname(biomeJson), 'node_modules/.bin/biome'), ['format', '--write', biomeJson], {
    stdio: 'inherit',
  });
}
