import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '../../shared/manifest';
import { MANIFEST_FILE, readManifest } from '../cli/manifest-file';
import { cliCommand, PROJECT_ROOT, runCli } from './run-cli';

export interface TestServiceOptions {
  /** Seed profile for a fresh data directory; 'none' leaves it empty (default 'test'). */
  profile?: 'test' | 'demo' | 'none';
  /** Extra `serve` flags, e.g. ['--job-delay-ms', '200']. */
  serveArgs?: string[];
  /** Reuse a data directory (not seeded again when it already holds a manifest). */
  dataDir?: string;
}

export interface TestService {
  readonly baseUrl: string;
  readonly altBaseUrl: string;
  /** The server process's pid, as written in the ready file. */
  readonly pid: number;
  readonly dataDir: string;
  readonly manifest: Manifest | null;
  /** Runs a CLI command on this data directory (`--data DIR` is added); resolves stdout, rejects on a non-zero exit. */
  cli(args: string[]): Promise<string>;
  /** SIGTERM, wait for exit, then delete the data directory: the end of a test. */
  stop(): Promise<void>;
  /** SIGKILL and wait; the data directory stays for `restart()`. */
  kill(): Promise<void>;
  /** SIGTERM and wait; resolves the exit code; the data directory stays for `restart()`. */
  terminate(): Promise<number | null>;
  /** Starts the server again on the same data directory (new ports); stops it first if running. */
  restart(): Promise<void>;
}

interface ReadyFile {
  base_url: string;
  alt_base_url: string;
  pid: number;
}

const READY_TIMEOUT_MS = 30_000;

/** Servers still running when the test process exits (a crash, a forgotten stop) die with it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function launch(dataDir: string, serveArgs: string[]): Promise<{ child: ChildProcess; ready: ReadyFile }> {
  const readyFile = join(dataDir, `ready-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
  const [command, argv] = cliCommand([
    'serve',
    '--data',
    dataDir,
    '--port',
    '0',
    '--ready-file',
    readyFile,
    ...serveArgs,
  ]);
  const child = spawn(command, argv, { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!existsSync(readyFile)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`serve exited (${child.exitCode ?? child.signalCode}) before it was ready: ${stderr}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve was not ready within ${READY_TIMEOUT_MS} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as ReadyFile;
  rmSync(readyFile, { force: true });
  return { child, ready };
}

/**
 * Starts the REAL service as its own process (`node --import tsx src/service/cli.ts serve`) on a
 * temporary data directory seeded by the CLI, so tests talk to it over HTTP exactly as a user
 * would, and can kill -9 and restart it.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'callscope-service-'));
  const profile = options.profile ?? 'test';
  if (profile !== 'none' && !existsSync(join(dataDir, MANIFEST_FILE))) {
    const seeded = await runCli(['seed', '--data', dataDir, '--profile', profile]);
    if (seeded.code !== 0) throw new Error(`seed failed (${seeded.code}): ${seeded.stderr}`);
  }
  const manifest = existsSync(join(dataDir, MANIFEST_FILE)) ? readManifest(dataDir) : null;
  const serveArgs = options.serveArgs ?? [];
  let current = await launch(dataDir, serveArgs);

  const service: TestService = {
    get baseUrl() {
      return current.ready.base_url;
    },
    get altBaseUrl() {
      return current.ready.alt_base_url;
    },
    get pid() {
      return current.ready.pid;
    },
    dataDir,
    manifest,
    async cli(args) {
      const result = await runCli(args.includes('--data') ? args : [...args, '--data', dataDir]);
      if (result.code !== 0) throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      return result.stdout;
    },
    async terminate() {
      current.child.kill('SIGTERM');
      return waitForExit(current.child);
    },
    async kill() {
      current.child.kill('SIGKILL');
      await waitForExit(current.child);
    },
    async stop() {
      await service.terminate();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      if (current.child.exitCode === null && current.child.signalCode === null) await service.terminate();
      current = await launch(dataDir, serveArgs);
    },
  };
  return service;
}
