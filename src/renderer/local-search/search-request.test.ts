import { describe, expect, it } from 'vitest';
import { defaultSearchAddress } from '../navigation/routes';
import { searchRequestOf } from './search-request';

describe('searchRequestOf', () => {
  it('asks nothing without text, and sends only the filters set', () => {
    expect(searchRequestOf({ ...defaultSearchAddress, q: '  ' }).request).toBeNull();
    expect(searchRequestOf({ ...defaultSearchAddress, q: ' pri ', role: 'BUYER' }).request).toEqual({
      q: 'pri',
      mode: 'words',
      order: 'newest',
      speakerRole: 'BUYER',
    });
  });

  it('takes the days of the range whole: from the first millisecond of the first to the last of the last', () => {
    const { request } = searchRequestOf({ ...defaultSearchAddress, q: 'x', from: '2026-03-02', to: '2026-03-03' });
    expect(request?.from).toBe(new Date(2026, 2, 2).toISOString());
    expect(request?.to).toBe(new Date(new Date(2026, 2, 4).getTime() - 1).toISOString());
  });

  it('refuses a range that ends before it starts, saying which field', () => {
    const checked = searchRequestOf({ ...defaultSearchAddress, q: 'x', from: '2026-03-05', to: '2026-03-01' });
    expect(checked.request).toBeNull();
    expect(checked.dateError?.field).toBe('to');
  });
});
