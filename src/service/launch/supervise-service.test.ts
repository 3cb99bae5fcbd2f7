import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { type SupervisedService, superviseService } from './supervise-service';

let dataDir: string;
let supervised: SupervisedService | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'callscope-supervised-'));
  expect((await runCli(['seed', '--data', dataDir, '--profile', 'test'])).code).toBe(0);
});
afterAll(async () => {
  await supervised?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function answers(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/v1/openapi.json`)).ok;
  } catch {
    return false;
  }
}

describe('superviseService', () => {
  it('restarts a service that was killed, at the same address, saying so once and then that it is back', async () => {
    const lines: string[] = [];
    supervised = await superviseService(dataDir, { log: (line) => lines.push(line), firstDelayMs: 100 });
    expect(await answers(supervised.baseUrl)).toBe(true);

    const killed = supervised.pid;
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => lines.length, { timeout: 20_000 }).toBe(2);
    expect(await answers(supervised.baseUrl)).toBe(true);
    expect(lines[0]).toMatch(/^The demo service stopped \(SIGKILL\); restarting it at http:\/\/127\.0\.0\.1:\d+…$/);
    expect(lines[1]).toBe('The demo service is back.');
    expect(supervised.pid).not.toBe(killed);
  });

  it('stops for good when asked', async () => {
    const baseUrl = supervised!.baseUrl;
    await supervised!.stop();
    supervised = undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await answers(baseUrl)).toBe(false);
  });
});
