import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { createRpcEndpoint, type RpcEndpoint } from '../engine/worker/worker-rpc';
import { ApiError } from '../service-client/api-client/api-error';

/** A worker for the worker boundary's own tests: echoes, fails as asked, asks back, and dies. */
export const testWorkerContract = {
  echo: { params: z.object({ text: z.string() }), result: z.string() },
  refuse: { params: z.object({}), result: z.never() },
  askBack: { params: z.object({ n: z.number() }), result: z.number() },
  die: { params: z.object({}), result: z.never() },
  waitForCancel: { params: z.object({}), result: z.never() },
};
export const testHostContract = {
  double: { params: z.object({ n: z.number() }), result: z.number() },
};

if (parentPort) {
  const host: RpcEndpoint<typeof testHostContract> = createRpcEndpoint<
    typeof testWorkerContract,
    typeof testHostContract
  >({
    port: parentPort,
    serves: testWorkerContract,
    handlers: {
      echo: ({ text }) => `echo: ${text}`,
      refuse: () => {
        throw new ApiError({ code: 'not_found', message: 'Nothing here.', status: 404 });
      },
      askBack: async ({ n }) => (await host.call('double', { n })) + 1,
      die: () => process.exit(3),
      waitForCancel: (_, signal) =>
        new Promise<never>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new ApiError({ code: 'cancelled', message: 'Cancelled.' }))),
        ),
    },
  });
}
