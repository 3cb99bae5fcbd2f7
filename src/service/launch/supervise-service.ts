import { type LaunchedService, launchService, waitForExit } from './launch-service';

export interface SupervisedService {
  /** The same address for the service's whole life: a restart listens on the ports it had. */
  readonly baseUrl: string;
  /** The server process running now (a restart changes it). */
  readonly pid: number;
  /** SIGTERM, and no more restarts. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  /** One line per event a person should know of: the service stopped, and it is back. */
  log: (line: string) => void;
  /** `serve` flags for every launch (the demo receiver's), before the ports a restart adds. */
  serveArgs?: readonly string[];
  /** First wait before a restart; each failed attempt doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** A service that ran this long before it stopped was healthy: the next outage starts the backoff afresh. */
const HEALTHY_RUN_MS = 10_000;

/**
 * Keeps the local service running for `npm start`: when its process ends without being asked to,
 * it is started again on the same data directory and ports, after a delay that doubles while
 * attempts fail. Each outage is said once, and so is the recovery, so the app's screens (which
 * notice the outage themselves) have a person-readable account in the terminal too.
 */
export async function superviseService(dataDir: string, options: SuperviseOptions): Promise<SupervisedService> {
  const firstDelayMs = options.firstDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const serveArgs = options.serveArgs ?? [];
  let current: LaunchedService = await launchService(dataDir, serveArgs, { echoStderr: true });
  const { base_url: baseUrl, alt_base_url: altBaseUrl } = current.ready;
  const samePorts = ['--port', new URL(baseUrl).port, '--alt-port', new URL(altBaseUrl).port];
  let stopping = false;
  let delayMs = firstDelayMs;

  const watch = (service: LaunchedService) => {
    const startedAt = Date.now();
    service.child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) delayMs = firstDelayMs;
      options.log(`The demo service stopped (${code ?? signal}); restarting it at ${baseUrl}…`);
      void restart();
    });
  };

  const restart = async () => {
    while (!stopping) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(maxDelayMs, delayMs * 2);
      if (stopping) return;
      try {
        // Quiet: a failed attempt (the port still held, the disk full) is retried, not said again.
        current = await launchService(dataDir, [...serveArgs, ...samePorts]);
      } catch {
        continue;
      }
      if (stopping) {
        current.child.kill('SIGTERM');
        return;
      }
      options.log('The demo service is back.');
      watch(current);
      return;
    }
  };

  watch(current);
  return {
    baseUrl,
    get pid() {
      return current.ready.pid;
    },
    async stop() {
      stopping = true;
      current.child.kill('SIGTERM');
      await waitForExit(current.child);
    },
  };
}
