import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cliCommand, PROJECT_ROOT } from './run-cli';

/** What `serve --ready-file F` writes once it listens. */
export interface ReadyFile {
  base_url: string;
  alt_base_url: string;
  pid: number;
}

export interface LaunchedService {
  child: ChildProcess;
  ready: ReadyFile;
}

const READY_TIMEOUT_MS = 30_000;

/** Servers still running when the launching process exits (a crash, a forgotten stop) die with it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts `serve --data DIR --port 0 --ready-file F [serveArgs]` as its own process and resolves
 * once the ready file appears (later flags win, so serveArgs may name a port). The one way the
 * tests and `npm start` start the local service. Its stderr is collected for the failure message
 * and, with `echoStderr`, passed on.
 */
export async function launchService(
  dataDir: string,
  serveArgs: readonly string[],
  options: { echoStderr?: boolean } = {},
): Promise<LaunchedService> {
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
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!existsSync(readyFile)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`serve exited (${child.exitCode ?? child.signalCode}) before it was ready: ${stderr.trim()}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve was not ready within ${READY_TIMEOUT_MS} ms: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as ReadyFile;
  rmSync(readyFile, { force: true });
  return { child, ready };
}
