import { parentPort, workerData } from 'node:worker_threads';
import { createCopyReader } from '../replica/copy-reader';
import { keyFromEntry, replicaKeyAccount } from '../replica/replica-key';
import { type CopyReaderWorkerData, type readerAppContract, readerContract } from './engine-contract';
import { createRpcEndpoint, type RpcEndpoint } from './worker-rpc';

/**
 * The copy reader's thread: the window's reads of stored answers, on a connection of its own, so
 * they are answered while the engine's thread is busy writing what the sync fetched.
 */
if (!parentPort) throw new Error('copy-reader-worker.ts runs as a worker thread');
const data = (workerData as { data: CopyReaderWorkerData }).data;

const reader = createCopyReader({
  dir: data.dir,
  async key(workspaceId) {
    // Only read: making a key is the engine's, when it creates the copy.
    return keyFromEntry(await app.call('vaultGet', { account: replicaKeyAccount(workspaceId) }));
  },
});

const app: RpcEndpoint<typeof readerAppContract> = createRpcEndpoint<typeof readerContract, typeof readerAppContract>({
  port: parentPort,
  serves: readerContract,
  handlers: {
    storedAnswer: ({ workspaceId, op, params }) => reader.storedAnswer(workspaceId, op, params),
    drop: ({ workspaceId }) => reader.drop(workspaceId),
    close: () => reader.close(),
  },
});
