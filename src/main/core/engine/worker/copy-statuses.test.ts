import { describe, expect, it } from 'vitest';
import type { CopyStatus } from '../engine';
import { createCopyStatuses } from './copy-statuses';

const inFile: CopyStatus = { storage: 'file', lastFetchedAt: 1, storingPaused: null, rebuilt: null };
const paused: CopyStatus = {
  ...inFile,
  storingPaused: { reason: 'disk-full', since: '2026-11-28T04:00:00.000Z', code: 'SQLITE_FULL' },
};

/** The engine's side: answers what `now` holds, counting the questions. */
function engineSays(first: CopyStatus) {
  const engine = { now: first, asked: 0, hold: null as Promise<void> | null };
  const statuses = createCopyStatuses(async () => {
    engine.asked++;
    const answer = engine.now;
    await engine.hold;
    return answer;
  });
  return { engine, statuses };
}

describe('copy statuses held in main', () => {
  it('asks the engine once while the copy keeps its state, and again once it changed', async () => {
    const { engine, statuses } = engineSays(inFile);
    expect(await statuses.get('w')).toEqual(inFile);
    expect(await statuses.get('w')).toEqual(inFile);
    expect(engine.asked).toBe(1);
    engine.now = paused;
    statuses.changed('w');
    expect(await statuses.get('w')).toEqual(paused);
    engine.now = inFile;
    statuses.changedAll();
    expect(await statuses.get('w')).toEqual(inFile);
    expect(engine.asked).toBe(3);
  });

  it('does not keep as current an answer asked before the copy changed', async () => {
    const { engine, statuses } = engineSays(inFile);
    let release = () => {};
    engine.hold = new Promise((resolve) => (release = resolve));
    const asked = statuses.get('w');
    statuses.changed('w');
    release();
    expect(await asked).toEqual(inFile);
    engine.hold = null;
    engine.now = paused;
    expect(await statuses.get('w')).toEqual(paused);
  });

  it('asks again at each read while there is no copy, which a later read may open', async () => {
    const { engine, statuses } = engineSays({ ...inFile, storage: 'off', lastFetchedAt: null });
    await statuses.get('w');
    engine.now = inFile;
    expect(await statuses.get('w')).toEqual(inFile);
    expect(statuses.last('w')).toEqual(inFile);
    expect(statuses.last('other')).toBe(null);
  });
});
