import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchmarksFile = join(projectRoot, 'docs', 'benchmarks.md');

/** The 1, 5 and 15 minute load averages: other work on the machine slows every number. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/** The machine a number was measured on; without it a latency means nothing. */
export function describeMachine(): string {
  const model = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpus()[0]?.model;
  const load = loadAverage();
  return [
    `- CPU: ${model ?? 'unknown'}, ${cpus().length} cores`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}, ${process.platform} ${process.arch}`,
    `- Date: ${new Date().toISOString()}`,
    `- Load average when the run ended (1 / 5 / 15 min): ${load}`,
  ].join('\n');
}

export function percentile(sortedMs: readonly number[], fraction: number): number {
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

/** Times `run` `times` times after `warmup` untimed runs; returns the durations in ms, sorted. */
export function measure(run: () => void, times: number, warmup = 2): number[] {
  for (let index = 0; index < warmup; index++) run();
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    run();
    durations.push(performance.now() - started);
  }
  return durations.sort((a, b) => a - b);
}

/**
 * Replaces this bench's section of docs/benchmarks.md (between its markers), or appends it, so
 * several benches share the file without overwriting each other.
 */
export function recordBenchmark(name: string, markdown: string): void {
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let text: string;
  try {
    text = readFileSync(benchmarksFile, 'utf8');
  } catch {
    text = '# Benchmarks\n\nWritten by `npm run bench`; each section is replaced by the next run of its bench.\n';
  }
  const section = `${begin}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  const updated =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(benchmarksFile, updated);
}
