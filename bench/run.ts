/**
 * `npm run bench [name...] [-- --flag...]`: runs every `bench/*.bench.ts` (or those whose file name
 * contains one of the given names), one after another so they do not compete for the CPU. Each
 * bench file exports a default async function that is given the `--` flags (a bench reads those it
 * knows, e.g. sync's `--large`), prints its own results and records them with `recordBenchmark`
 * (bench/report.ts).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const wanted = args.filter((arg) => !arg.startsWith('--'));
const flags = args.filter((arg) => arg.startsWith('--'));
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();

if (files.length === 0) {
  console.error(`no bench file matches ${wanted.join(', ')}`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n=== ${file}`);
  const bench = (await import(pathToFileURL(join(benchDir, file)).href)) as {
    default: (flags: readonly string[]) => Promise<void>;
  };
  await bench.default(flags);
}
