/**
 * The browser-mode host and its real core in a process of their own (bench/app-host-child.ts), for
 * the benches that drive Chromium. In real use the core has its own process (Electron's main, or
 * `npm start` in browser mode); sharing the bench's, where Playwright's client and server trade
 * CDP traffic with Chromium on every step, delayed each bridge answer by tens of milliseconds.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DemoConnection } from '../src/main/core/app/workspaces';
import { projectRoot } from './report';

/** What the child sets up before it serves: the demo workspace open on `demo`, and the rest as asked. */
export interface AppHostSetup {
  demo: DemoConnection;
  /** The built renderer the host serves. */
  rendererDir: string;
  /** The folder of the workspaces' encrypted replicas, with no background sync; absent keeps them in memory. */
  replicaDir?: string;
  /** Keys the OS keychain would hand over (account → key); absent, the core keeps keys for the session only. */
  keychain?: Record<string, string>;
  /** Pause the workspace's background sync once it is open. */
  pauseSync?: boolean;
}

/** What the child prints on stdout, one JSON line each: its origin once it serves, then each sign-in address asked for. */
export type AppHostMessage = { origin: string } | { signInUrl: string };

export interface AppHost {
  origin: string;
  /** An address carrying a new one-time sign-in code, good for one page. */
  newSignInUrl(): Promise<string>;
  /** Stops the host and its core, and waits for the process to end. */
  close(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;

export async function startAppHost(setup: AppHostSetup): Promise<AppHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'bench', 'app-host-child.ts')], {
    cwd: projectRoot,
    env: { ...process.env, APP_HOST_SETUP: JSON.stringify(setup) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const waitingForUrls: ((url: string) => void)[] = [];
  const origin = await new Promise<string>((resolve, reject) => {
    exited.then(([code]) => reject(new Error(`the app host exited (${code}) before it served`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      // Anything the core itself prints is not for this channel: passed on as the child's own output.
      if (!line.startsWith('{')) return void console.log(line);
      const message = JSON.parse(line) as AppHostMessage;
      if ('origin' in message) resolve(message.origin);
      else waitingForUrls.shift()?.(message.signInUrl);
    });
  });
  return {
    origin,
    newSignInUrl: () =>
      new Promise((resolve) => {
        waitingForUrls.push(resolve);
        child.stdin.write('sign-in\n');
      }),
    async close() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      const killed = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killed);
    },
  };
}
