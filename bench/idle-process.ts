/**
 * A Node process that does nothing but watch its own event loop: on a machine shared with other
 * work, what it sees over a window is the delay the machine alone adds (a thread waiting for a
 * core), to tell apart from what a measured process adds of its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoopWindow } from './loop-watch';
import { projectRoot } from './report';

export interface IdleProcess {
  /** Its event loop since the last call (the first: since it started). */
  window(): Promise<LoopWindow>;
  close(): Promise<void>;
}

export async function startIdleProcess(): Promise<IdleProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'bench', 'idle-process-child.ts')], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const waiting: ((window: LoopWindow) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(JSON.parse(line) as LoopWindow));
  return {
    window: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write('window\n');
      }),
    async close() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}
