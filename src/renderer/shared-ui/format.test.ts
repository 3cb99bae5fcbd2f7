import { describe, expect, it } from 'vitest';
import { formatAmount, formatClock, formatDate, formatPercent, humanize } from './format';

describe('formatting', () => {
  it('groups amounts by the locale and shows a dash for no amount', () => {
    expect(formatAmount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatAmount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatAmount(null, 'en-US')).toBe('—');
  });

  it('formats a close date in the locale and ignores unparsable dates', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'en-US')).toBe('Mar 5, 2026');
    expect(formatDate('not a date', 'en-US')).toBe('—');
  });

  it('writes call positions as m:ss below an hour and h:mm:ss above', () => {
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('shows a 0-100 probability as a whole percentage', () => {
    expect(formatPercent(42.4, 'en-US')).toBe('42%');
    expect(formatPercent(null, 'en-US')).toBe('—');
  });

  it('turns enum values into words', () => {
    expect(humanize('ON_HOLD')).toBe('On hold');
    expect(humanize('READY')).toBe('Ready');
  });
});
