import { replicaAnswers } from '../engine/replica/replica-answers';
import { openReplicaDb } from '../engine/replica/replica-db';
import { createRequestBudget } from '../engine/replica/sync/request-budget';
import { createWorkspaceSync } from '../engine/replica/sync/workspace-sync';
import { createApiClient } from '../service-client/api-client/api-client';

/**
 * A background sync as its own process, so a test can kill it with SIGKILL mid-sync: syncs the
 * workspace at SYNC_BASE_URL with SYNC_API_KEY into the encrypted replica SYNC_REPLICA_FILE
 * (key SYNC_REPLICA_KEY, hex), printing each progress as a JSON line, and exits 0 when up to date.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const db = openReplicaDb({ file: env('SYNC_REPLICA_FILE'), key: Buffer.from(env('SYNC_REPLICA_KEY'), 'hex') });
const client = createApiClient({ baseUrl: env('SYNC_BASE_URL'), getKey: async () => env('SYNC_API_KEY') });
const sync = createWorkspaceSync({
  replica: { workspaceId: 'child', db, answers: replicaAnswers(db), storage: 'file' },
  request: (op, params, signal) => client.call(op as never, params as never, { signal }),
  budget: createRequestBudget(() => Number(process.env.SYNC_PER_SECOND ?? 50)),
  pageSize: Number(process.env.SYNC_PAGE_SIZE ?? 100),
  onProgress: (progress) => console.log(JSON.stringify(progress)),
});
await sync.start();
db.close();
