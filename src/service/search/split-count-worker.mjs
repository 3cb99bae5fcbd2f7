// The helper thread of split-count.ts: reads one count with a read-only connection of its own and
// hands it back through shared memory while the main thread waits for it. Plain JavaScript, so the
// thread starts however the service was started (tsx, vitest, a bench) without a TypeScript loader.
// Every failure, opening the database included, is reported, so the main thread never waits in vain.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, state, result, done, failed } = workerData;
const statements = new Map();
let db;

parentPort.on('message', ({ sql, parameters }) => {
  try {
    db ??= new Database(file, { readonly: true, fileMustExist: true });
    if (!statements.has(sql)) statements.set(sql, db.prepare(sql).pluck());
    result[0] = statements.get(sql).get(parameters);
    Atomics.store(state, 0, done);
  } catch {
    Atomics.store(state, 0, failed);
  }
  Atomics.notify(state, 0);
});
