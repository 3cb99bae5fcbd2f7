import { describe, expect, it } from 'vitest';
import { checkDateRange } from './date-range';

describe('checkDateRange', () => {
  it('sends nothing for an empty range', () => {
    expect(checkDateRange({ from: '', to: '' })).toEqual({ ok: true });
  });

  it('turns inclusive days into the strict bounds of the interface', () => {
    const range = checkDateRange({ from: '2026-03-01', to: '2026-03-31' });
    expect(range).toEqual({
      ok: true,
      created_after: new Date(new Date(2026, 2, 1).getTime() - 1).toISOString(),
      created_before: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('accepts a single day as both ends', () => {
    const range = checkDateRange({ from: '2026-03-05', to: '2026-03-05' });
    expect(range.ok).toBe(true);
  });

  it('refuses an end before the start', () => {
    expect(checkDateRange({ from: '2026-03-05', to: '2026-03-04' })).toMatchObject({ ok: false, field: 'to' });
  });

  it('refuses dates that do not exist or are not dates', () => {
    expect(checkDateRange({ from: '2026-02-30', to: '' })).toMatchObject({ ok: false, field: 'from' });
    expect(checkDateRange({ from: '', to: 'yesterday' })).toMatchObject({ ok: false, field: 'to' });
  });
});
