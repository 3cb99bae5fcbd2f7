import { describe, expect, it } from 'vitest';
import { throttledLog } from './throttled-log';

describe('throttledLog', () => {
  it('writes a burst of ten, then one line per six seconds saying how many were left out', () => {
    const lines: string[] = [];
    let now = 0;
    const log = throttledLog({ error: (message) => lines.push(message) }, () => now);
    for (let i = 0; i < 15; i++) log(`line ${i}`);
    expect(lines).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i}`));
    now += 6000;
    log('line 15');
    log('line 16');
    expect(lines.slice(10)).toEqual(['line 15 (5 similar lines left out)']);
  });
});
