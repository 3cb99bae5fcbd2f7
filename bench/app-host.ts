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
import type { BridgeResult } from '../src/shared/bridge';
import { BROWSER_CODE_PARAM, BROWSER_TOKEN_HEADER, browserBridgePaths } from '../src/shared/browser-bridge';
import type { LoopWindow } from './loop-watch';
import { projectRoot } from './report';

/** What the child sets up before it serves: the demo workspace open on `demo`, and the rest as asked. */
export interface AppHostSetup {
  demo: DemoConnection;
  /** The built renderer the host serves. */
  rendererDir: string;
  /**
   * The folder of the workspaces' encrypted replicas; absent keeps them in memory. A replica is a
   * file only with `keychain` given (its key is kept there), as in the app.
   */
  replicaDir?: string;
  /** Keys the OS keychain would hand over (account → key); absent, the core keeps keys for the session only. */
  keychain?: Record<string, string>;
  /**
   * Sync the workspace in `replicaDir` in the background (the app's rounds), spending this many
   * requests a second: the settings' budget, above the app's highest (50) for an unthrottled sync.
   * Absent: no background sync.
   */
  syncRequestsPerSecond?: number;
  /** Pause the workspace's background sync once it is open. */
  pauseSync?: boolean;
  /** Where the core runs its engine (the app's default: a worker thread). */
  engine?: 'worker' | 'this-thread';
}

/**
 * The core's own thread (the main process's, in the app) over a window of time, and each bridge
 * call's time in the core (from the host handing it over to its answer: no HTTP), by operation.
 */
export type MainLoopWindow = LoopWindow & { invokeMs: Record<string, number[]> };

/** What the child prints on stdout, one JSON line each: its origin once it serves, then each answer to a line on stdin. */
export type AppHostMessage = { origin: string } | { signInUrl: string } | { mainLoop: MainLoopWindow };

/** The bridge as a page holding a session calls it, over loopback HTTP. */
export type BridgeSession = (op: string, params?: unknown) => Promise<BridgeResult<unknown>>;

export interface AppHost {
  origin: string;
  /** An address carrying a new one-time sign-in code, good for one page. */
  newSignInUrl(): Promise<string>;
  /** A session of the bridge without a page: a new sign-in code traded for a token, as a page trades it. */
  bridgeSession(): Promise<BridgeSession>;
  /**
   * The core's thread since the last call (the first call starts watching it, and its own window
   * is from then: nothing to read yet).
   */
  mainLoop(): Promise<MainLoopWindow>;
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
  const waitingForLoops: ((window: MainLoopWindow) => void)[] = [];
  const origin = await new Promise<string>((resolve, reject) => {
    exited.then(([code]) => reject(new Error(`the app host exited (${code}) before it served`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      // Anything the core itself prints is not for this channel: passed on as the child's own output.
      if (!line.startsWith('{')) return void console.log(line);
      const message = JSON.parse(line) as AppHostMessage;
      if ('origin' in message) resolve(message.origin);
      else if ('mainLoop' in message) waitingForLoops.shift()?.(message.mainLoop);
      else waitingForUrls.shift()?.(message.signInUrl);
    });
  });
  const newSignInUrl = () =>
    new Promise<string>((resolve) => {
      waitingForUrls.push(resolve);
      child.stdin.write('sign-in\n');
    });
  return {
    origin,
    newSignInUrl,
    async bridgeSession() {
      const code = new URL(await newSignInUrl()).searchParams.get(BROWSER_CODE_PARAM);
      const traded = await fetch(`${origin}${browserBridgePaths.session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      if (!traded.ok) throw new Error(`the app host refused its own sign-in code (${traded.status})`);
      const { token } = (await traded.json()) as { token: string };
      return async (op, params = {}) => {
        const response = await fetch(`${origin}${browserBridgePaths.invoke}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BROWSER_TOKEN_HEADER]: token },
          body: JSON.stringify({ op, params }),
        });
        return (await response.json()) as BridgeResult<unknown>;
      };
    },
    mainLoop: () =>
      new Promise((resolve) => {
        waitingForLoops.push(resolve);
        child.stdin.write('main-loop\n');
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
