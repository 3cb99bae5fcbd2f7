#!/usr/bin/env node
// `npm start`: the desktop app on the demo workspace. Builds what is stale, starts the local
// service in the background on a demo data directory (seeded on first run), then opens Electron
// on it; where Electron cannot start, says why in one line and serves browser mode instead.
// When the service stops, it is restarted (with backoff, said once) and the app stays up.
// `npm run start:web` (`--web`) goes straight to browser mode. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { findElectronBinary } from './electron-binary.mjs';

// The service starts exactly as the tests start it (src/service/launch).
const { superviseService } = await tsImport('../src/service/launch/supervise-service.ts', import.meta.url);
const { runCli } = await tsImport('../src/service/launch/run-cli.ts', import.meta.url);
const { startTestReceiver } = await tsImport('../src/service/launch/test-receiver.ts', import.meta.url);
const { DEMO_WEBHOOK_HOST } = await tsImport('../src/service/seed/profiles.ts', import.meta.url);

const root = new URL('..', import.meta.url).pathname;
const webOnly = process.argv.includes('--web');
const children = new Set();
let stopping = false;
/** The demo service, restarted whenever it stops until the launcher itself stops. */
let service = null;
/** The demo's webhook receiver, when openssl could make its certificate. */
let demoReceiver = null;
const tsx = (script, args) => [process.execPath, ['--import', 'tsx', join(root, script), ...args]];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function buildIfStale() {
  const built = join(root, 'out/renderer/index.html');
  const sources = ['src/renderer', 'src/shared', 'src/main', 'src/preload'].map((dir) => join(root, dir));
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the app (electron-vite build)…');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  void demoReceiver?.close();
  let serviceStopped = service === null;
  service?.stop().then(() => {
    serviceStopped = true;
  });
  const deadline = setTimeout(() => process.exit(code), 5_000);
  deadline.unref();
  const poll = setInterval(() => {
    if (children.size === 0 && serviceStopped) {
      clearInterval(poll);
      process.exit(code);
    }
  }, 50);
}
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

function demoDataDir() {
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'callscope', 'demo');
}

/**
 * The demo's webhook receiver: HTTPS on this machine under the host the demo seed allowlists, so
 * an endpoint added on the demo gets its deliveries, each said in one line. Without openssl there
 * is none, and endpoints can still be added.
 */
async function startDemoReceiver() {
  let receiver;
  try {
    receiver = demoReceiver = await startTestReceiver(DEMO_WEBHOOK_HOST, [], (delivery) => {
      const type = /"type":"([^"]+)"/.exec(delivery.body)?.[1] ?? 'an event';
      console.log(`The demo webhook receiver got ${type}.`);
    });
  } catch (error) {
    console.error(`No demo webhook receiver (${error.message.split('\n')[0]}); webhook deliveries will not arrive.`);
    return null;
  }
  const url = `https://${DEMO_WEBHOOK_HOST}:${receiver.port}/callscope`;
  console.log(`Webhooks: the demo receiver answers at ${url}`);
  return {
    url,
    serveArgs: [
      '--webhook-ca',
      receiver.caFile,
      '--webhook-resolve',
      `${DEMO_WEBHOOK_HOST}=127.0.0.1`,
      '--webhook-port',
      String(receiver.port),
    ],
  };
}

/** How often the demo workspace moves by itself, so a second look already finds changes. */
const DEMO_LIFE_EVERY_MS = 4 * 60_000;

async function startDemoService() {
  const dataDir = demoDataDir();
  if (!existsSync(join(dataDir, 'manifest.json'))) {
    mkdirSync(dataDir, { recursive: true });
    console.log(`Seeding the demo workspace in ${dataDir}…`);
    const seeded = await runCli(['seed', '--data', dataDir, '--profile', 'demo']);
    if (seeded.code !== 0) {
      console.error(seeded.stderr.trim());
      process.exit(seeded.code ?? 1);
    }
  }
  const receiver = await startDemoReceiver();
  try {
    // Kept running: when it stops, it is restarted at the same address and the app recovers.
    service = await superviseService(dataDir, {
      log: (line) => console.error(line),
      // The demo lives: every few minutes deals move, a call comes in and a deal is scored again.
      serveArgs: [...(receiver?.serveArgs ?? []), '--living-demo-every-ms', String(DEMO_LIFE_EVERY_MS)],
    });
  } catch (error) {
    console.error(`The local service did not start: ${error.message}`);
    process.exit(1);
  }
  console.log(`The demo service listens at ${service.baseUrl}`);
  return { dataDir, baseUrl: service.baseUrl };
}

function startBrowserMode(demo) {
  const [node, args] = tsx('src/main/browser/serve.ts', [
    '--renderer',
    join(root, 'out/renderer'),
    '--demo-url',
    demo.baseUrl,
    '--demo-data',
    demo.dataDir,
  ]);
  start(node, args).once('exit', (code) => stopAll(code ?? 0));
}

/** Resolves false when Electron exits at once (no display, missing libraries), so browser mode takes over. */
function tryElectron(binary, demo) {
  return new Promise((resolve) => {
    const electron = start(binary, [root], {
      env: { ...process.env, CALLSCOPE_DEMO_URL: demo.baseUrl, CALLSCOPE_DEMO_DATA: demo.dataDir },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    electron.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    const settled = setTimeout(() => {
      electron.once('exit', (code) => stopAll(code ?? 0));
      resolve({ ok: true });
    }, 3_000);
    electron.once('error', (error) => {
      clearTimeout(settled);
      resolve({ ok: false, reason: error.message });
    });
    electron.once('exit', (code, signal) => {
      clearTimeout(settled);
      const lastLine = stderr.trim().split('\n').pop();
      resolve({ ok: false, reason: lastLine || `it exited with ${code ?? signal}` });
    });
  });
}

buildIfStale();
const demo = await startDemoService();
if (webOnly) {
  startBrowserMode(demo);
} else {
  const binary = findElectronBinary();
  const launched = binary.path ? await tryElectron(binary.path, demo) : { ok: false, reason: binary.reason };
  if (!launched.ok) {
    console.log(`Electron cannot start here (${launched.reason}); serving browser mode instead.`);
    startBrowserMode(demo);
  }
}
