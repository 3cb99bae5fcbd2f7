import { startServer } from '../server';
import { parseServeOptions } from './serve-options';

/** SIGTERM (and Ctrl-C) finish in-flight requests, then exit 0 (design.md). */
export async function serveCommand(args: string[]): Promise<void> {
  const server = await startServer(parseServeOptions(args));
  console.log(`listening on ${server.baseUrl} (auxiliary listing on ${server.altBaseUrl})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
