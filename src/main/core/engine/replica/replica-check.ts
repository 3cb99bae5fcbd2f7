import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { cipherPragmas } from './replica-db';
import { classifyStorageError } from './storage-faults';

/** 'damaged': the check found a fault, or the file failed it as damaged; 'unknown': it could not run. */
export type CheckVerdict = { verdict: 'ok' } | { verdict: 'damaged' | 'unknown'; detail: string };

/**
 * Runs in a worker thread, on a connection of its own that only reads: `quick_check` walks every
 * page, seconds on a large copy, and the main process must keep answering the window meanwhile.
 */
const CHECK_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  for (const pragma of workerData.pragmas) db.pragma(pragma);
  const rows = db.pragma('quick_check', { simple: false });
  const found = rows.map((row) => Object.values(row)[0]);
  parentPort.postMessage({ ok: found.length === 1 && found[0] === 'ok', found: found.slice(0, 5) });
} catch (error) {
  parentPort.postMessage({ ok: false, code: error && error.code, message: String(error && error.message) });
} finally {
  if (db) db.close();
}
`;

interface CheckAnswer {
  ok: boolean;
  found?: string[];
  code?: string | null;
  message?: string;
}

/** SQLite's `quick_check` of a replica file, off the main thread; never rejects. */
export function checkReplicaFile(file: string, key: Buffer): Promise<CheckVerdict> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers');
  return new Promise((resolve) => {
    let answer: CheckAnswer | null = null;
    const worker = new Worker(CHECK_IN_WORKER, {
      eval: true,
      workerData: { driver, file, pragmas: cipherPragmas(key) },
    });
    worker.on('message', (message: CheckAnswer) => {
      answer = message;
    });
    worker.on('error', (error) => resolve({ verdict: 'unknown', detail: error.message }));
    worker.on('exit', () => {
      if (!answer) return resolve({ verdict: 'unknown', detail: 'the check ended without an answer' });
      if (answer.ok) return resolve({ verdict: 'ok' });
      // The check itself failing on a damaged page is as good as its finding one.
      if (answer.found) return resolve({ verdict: 'damaged', detail: answer.found.join('; ') });
      const damaged = classifyStorageError({ code: answer.code }) === 'corrupt';
      resolve({
        verdict: damaged ? 'damaged' : 'unknown',
        detail: `${answer.code ?? ''} ${answer.message ?? ''}`.trim(),
      });
    });
  });
}
