import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI_PATH = fileURLToPath(new URL('../cli.ts', import.meta.url));

/** The command that runs the service CLI as its own Node process (so kill -9 kills only it). */
export function cliCommand(args: readonly string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', CLI_PATH, ...args]];
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one CLI command to completion, e.g. `runCli(['keys', 'issue', '--data', dir, ...])`. */
export function runCli(args: readonly string[]): Promise<CliResult> {
  const [command, argv] = cliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
