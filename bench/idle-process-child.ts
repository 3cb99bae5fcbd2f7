/**
 * The process `startIdleProcess` (bench/idle-process.ts) starts: nothing but a watch on its own
 * event loop. Each line on stdin prints the window since the last as a JSON line; the end of
 * stdin stops it.
 */
import { createInterface } from 'node:readline';
import { watchLoop } from './loop-watch';

const loop = watchLoop();
createInterface({ input: process.stdin })
  .on('line', () => process.stdout.write(`${JSON.stringify(loop.next())}\n`))
  .once('close', () => process.exit(0));
