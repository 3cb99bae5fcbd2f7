// Starts a worker whose module is TypeScript source (tests, and browser mode run with tsx): the
// worker thread gets tsx's loader of its own, as a thread does not inherit the parent's `--import`.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
