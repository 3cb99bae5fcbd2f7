import { describe, expect, it } from 'vitest';
import { capped, oneLine } from './one-line';

describe('oneLine', () => {
  it('turns every kind of line break, and the space around it, into one space', () => {
    expect(oneLine('Ana\r\nLima')).toBe('Ana Lima');
    expect(oneLine('a \n\n b')).toBe('a b');
    for (const separator of ['\r', '\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']) {
      expect(oneLine(`first${separator}second`)).toBe('first second');
    }
    expect(oneLine('\n  edge  \u2029')).toBe('edge');
  });

  it('leaves a line without breaks as it is, tabs and inner spaces too', () => {
    expect(oneLine('Q3:\tpricing  review')).toBe('Q3:\tpricing  review');
  });
});

describe('capped', () => {
  it('keeps text within the cap whole', () => {
    expect(capped('short', 5)).toBe('short');
  });

  it('cuts longer text to the cap, ending with an ellipsis', () => {
    const cut = capped('x'.repeat(500), 200);
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never cuts a character in half', () => {
    expect(capped('🎧'.repeat(10), 4)).toBe('🎧🎧🎧…');
  });
});
