import { describe, expect, it } from 'vitest';
import { readSortOrder, writeSortOrder } from './sort-order';

describe('sort order in the address', () => {
  const keys = ['close-date', 'amount'] as const;

  it('reads a key with its direction back from what it wrote, keys with dashes included', () => {
    expect(readSortOrder(writeSortOrder({ key: 'close-date', direction: 'asc' }), keys)).toEqual({
      key: 'close-date',
      direction: 'asc',
    });
    expect(readSortOrder('amount-desc', keys)).toEqual({ key: 'amount', direction: 'desc' });
  });

  it('reads no order from an absent, unknown or directionless value', () => {
    expect(readSortOrder(null, keys)).toBeNull();
    expect(readSortOrder('title-asc', keys)).toBeNull();
    expect(readSortOrder('amount', keys)).toBeNull();
    expect(readSortOrder('amount-up', keys)).toBeNull();
  });
});
