import { startServer } from '../server';
import { parseServeOptions } from './serve-options';
import { UsageError } from './usage-error';

/** SIGTERM (and Ctrl-C) finish in-flight requests, then exit 0 (design.md). */
export async function serveCommand(args: string[]): Promise<void> {
  const options = parseServeOptions(args);
  const server = await startServer(options).catch((error: NodeJS.ErrnoException & { port?: number }) => {
    if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
      throw new UsageError(`cannot listen on 127.0.0.1:${error.port ?? options.port}: ${error.code}`);
    }
    throw error;
  });
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
