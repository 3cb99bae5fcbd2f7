import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from './timer-delay';

describe('timer delays', () => {
  it('never hands a timer more than Node holds, nor a negative or NaN delay', () => {
    expect(timerDelay(3_000_000_000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(1500)).toBe(1500);
  });
});
