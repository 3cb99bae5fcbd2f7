import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '../../shared/manifest';
import { MANIFEST_FILE, readManifest } from '../cli/manifest-file';
import { launchService, waitForExit } from '../launch/launch-service';
import { runCli } from '../launch/run-cli';

export interface TestServiceOptions {
  /** Seed profile for a fresh data directory; 'none' leaves it empty (default 'test'). */
  profile?: 'test' | 'demo' | 'none';
  /** Extra `serve` flags, e.g. ['--job-delay-ms', '200']. */
  serveArgs?: string[];
  /** Reuse a data directory (not seeded again when it already holds a manifest). */
  dataDir?: string;
  /**
   * Serve on this port (default: a free one per launch). A fixed port brings a restarted service
   * back at the same address, as a real service comes back after an outage.
   */
  port?: number;
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

/**
 * A port nothing listens on now, for a service that must come back at the same address. Below
 * Linux's ephemeral range (32768 and up), so while the service is down the port is not handed to
 * another process's `--port 0` or outgoing connection.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const seededTemplates = new Map<string, Promise<string>>();
const templateDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of templateDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A data directory as `seed --profile` leaves it. The CLI seeds once per profile in this process
 * (seconds: a process, migrations, every search trigger) and each service gets a copy of those
 * files (milliseconds); the seed is deterministic, so a copy is what a seeding would have made.
 */
async function copySeeded(profile: 'test' | 'demo', dataDir: string): Promise<void> {
  let template = seededTemplates.get(profile);
  if (!template) {
    template = (async () => {
      const dir = mkdtempSync(join(tmpdir(), `callscope-seeded-${profile}-`));
      templateDirs.add(dir);
      const seeded = await runCli(['seed', '--data', dir, '--profile', profile]);
      if (seeded.code !== 0) throw new Error(`seed failed (${seeded.code}): ${seeded.stderr}`);
      return dir;
    })();
    seededTemplates.set(profile, template);
  }
  const dir = await template;
  for (const name of readdirSync(dir)) copyFileSync(join(dir, name), join(dataDir, name));
}

/**
 * Starts the REAL service as its own process (`node --import tsx src/service/cli.ts serve`) on a
 * temporary data directory seeded by the CLI, so tests talk to it over HTTP exactly as a user
 * would, and can kill -9 and restart it.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'callscope-service-'));
  const profile = options.profile ?? 'test';
  if (profile !== 'none' && !existsSync(join(dataDir, MANIFEST_FILE))) await copySeeded(profile, dataDir);
  const manifest = existsSync(join(dataDir, MANIFEST_FILE)) ? readManifest(dataDir) : null;
  // Later flags win, so a fixed port overrides launchService's `--port 0`.
  const serveArgs = [...(options.serveArgs ?? []), ...(options.port ? ['--port', String(options.port)] : [])];
  let current = await launchService(dataDir, serveArgs);

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
      current = await launchService(dataDir, serveArgs);
    },
  };
  return service;
}
