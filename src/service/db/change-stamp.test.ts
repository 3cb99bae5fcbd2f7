import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changeStamp, StampedCache } from './change-stamp';
import { openDatabase } from './database';

describe('changeStamp', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('moves when this connection or another one commits a change, and only then', () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-stamp-'));
    dirs.push(dir);
    const [server, cli] = [openDatabase(dir), openDatabase(dir)];
    try {
      const first = changeStamp(server);
      expect(changeStamp(server)).toBe(first);
      cli.prepare("INSERT INTO faults (name, value) VALUES ('key-verifier-down', 'true')").run();
      const second = changeStamp(server);
      expect(second).not.toBe(first);
      server.prepare('DELETE FROM faults').run();
      expect(changeStamp(server)).not.toBe(second);
    } finally {
      server.close();
      cli.close();
    }
  });
});

describe('StampedCache', () => {
  it('computes once per key while the stamp holds, and again under a new stamp', () => {
    const cache = new StampedCache<number>(10);
    let computed = 0;
    const read = (stamp: string) => cache.get(stamp, 'k', () => ++computed);
    expect([read('1:1'), read('1:1')]).toEqual([1, 1]);
    expect(read('2:1')).toBe(2);
    expect(read('1:1')).toBe(3);
  });

  it('keeps its entries within the weight bound, and never keeps one heavier than the bound', () => {
    const cache = new StampedCache<string>(10, (value) => value.length);
    const calls: string[] = [];
    const read = (key: string, value: string) =>
      cache.get('s', key, () => {
        calls.push(key);
        return value;
      });
    read('a', 'aaaaaa');
    read('a', 'aaaaaa');
    read('b', 'bbbbbb'); // 12 > 10: starts again empty, then keeps b
    read('b', 'bbbbbb');
    read('a', 'aaaaaa');
    read('huge', 'x'.repeat(11));
    read('huge', 'x'.repeat(11));
    expect(calls).toEqual(['a', 'b', 'a', 'huge', 'huge']);
  });
});
