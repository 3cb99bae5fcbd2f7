#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest, each printing its own
// runner's summary. Later steps still run after a failure so one run shows everything; the exit
// code is non-zero if any step failed. The closing line totals the tests of every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

// Not test-results/: Playwright empties that folder when it starts.
const resultsDir = '.test-reports';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const keyring =
  existsSync('scripts/with-keyring.sh') && existsSync('/usr/bin/dbus-run-session')
    ? ['bash', 'scripts/with-keyring.sh']
    : [];
const steps = [
  { name: 'typecheck (node side)', command: ['npx', 'tsc', '-p', 'tsconfig.node.json', '--noEmit'] },
  { name: 'typecheck (renderer)', command: ['npx', 'tsc', '-p', 'tsconfig.web.json', '--noEmit'] },
  { name: 'lint and format', command: ['npx', 'biome', 'check', '.'] },
  { name: 'build (electron-vite)', command: ['npx', 'electron-vite', 'build'] },
  {
    name: 'unit and integration tests (vitest)',
    command: [
      ...keyring,
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsDir}/vitest.json`,
    ],
  },
  ...(existsSync('scripts/electronegativity.mjs')
    ? [{ name: 'Electron security scan (electronegativity)', command: ['node', 'scripts/electronegativity.mjs'] }]
    : []),
  {
    name: 'end-to-end tests (Playwright, Chromium)',
    // In the keychain too: a restart of the app keeps its encrypted copy only under a keychain key.
    command: [...keyring, 'npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${resultsDir}/playwright.json` },
  },
];

const outcomes = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const ok = run.status === 0;
  outcomes.push({ name: step.name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
const vitest = readJson(`${resultsDir}/vitest.json`);
const playwright = readJson(`${resultsDir}/playwright.json`);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const flaky = playwright?.stats?.flaky ?? 0;
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

/** Every Playwright test with its path of titles; the JSON report has what the list reporter leaves out. */
function playwrightTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.map((test) => ({ title: [...path, spec.title].join(' › '), test })),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, path))];
}
const e2eTests = (playwright?.suites ?? []).flatMap((suite) => playwrightTests(suite));

console.log('\n━━ summary');
for (const { title, test } of e2eTests) {
  if (test.status === 'skipped') {
    const reason = test.annotations.find((annotation) => annotation.type === 'skip')?.description;
    console.log(`skipped: ${title}${reason ? ` (${reason})` : ''}`);
  } else if (test.status === 'flaky') {
    // A pass on CI's one retry still counts, but is named so that nobody mistakes it for a steady one.
    const error = test.results.find((result) => result.status !== 'passed')?.error?.message;
    const firstLine = error && stripVTControlCharacters(error).split('\n')[0];
    console.log(`flaky (passed on retry): ${title}${firstLine ? ` — first try: ${firstLine}` : ''}`);
  }
}
for (const outcome of outcomes) console.log(`${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.name} (${outcome.seconds}s)`);
const failedSteps = outcomes.filter((outcome) => !outcome.ok).length;
console.log(`steps: ${outcomes.length - failedSteps} passed, ${failedSteps} failed`);
console.log(`tests: ${passed} passed, ${flaky} passed only on retry, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps === 0 ? 0 : 1);
