import { describe, expect, it } from 'vitest';
import { listEnded, MAX_PAGES, nextCursor, recordsOf, waitForPageSlot } from './cursor-pages';

const page = (ids: string[], next: string | null) => ({ data: ids.map((id) => ({ id })), meta: { next_cursor: next } });

describe('cursor pages', () => {
  it('passes the service’s cursor back verbatim and ends where the service ends the list', () => {
    const first = page(['a', 'b'], 'c1');
    expect(nextCursor(first, [first], undefined, [undefined])).toBe('c1');
    const last = page(['c'], null);
    expect(nextCursor(last, [first, last], 'c1', [undefined, 'c1'])).toBeUndefined();
    expect(listEnded([first, last])).toBe(true);
  });

  it('stops a list that goes round: a cursor given before, or a page of records already read', () => {
    const first = page(['a', 'b'], 'c1');
    const again = page(['c'], 'c1');
    expect(nextCursor(again, [first, again], 'c1', [undefined, 'c1'])).toBeUndefined();
    const same = page(['a', 'b'], 'c2');
    expect(nextCursor(same, [first, same], 'c1', [undefined, 'c1'])).toBeUndefined();
    expect(listEnded([first, same])).toBe(false);
  });

  it(`stops after ${MAX_PAGES} pages`, () => {
    const pages = Array.from({ length: MAX_PAGES }, (_, index) => page([`r${index}`], `c${index + 1}`));
    const cursors = [undefined, ...pages.slice(0, -1).map((_, index) => `c${index + 1}`)];
    expect(nextCursor(pages.at(-1)!, pages, cursors.at(-1), cursors)).toBeUndefined();
    expect(nextCursor(pages.at(-2)!, pages.slice(0, -1), cursors.at(-2), cursors.slice(0, -1))).toBe(
      `c${MAX_PAGES - 1}`,
    );
  });

  it('lets ten pages go at once, then four a second', () => {
    const start = 1_000_000;
    const waits = Array.from({ length: 12 }, () => waitForPageSlot(start));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBe(250);
    expect(waits[11]).toBe(500);
    expect(waitForPageSlot(start + 10_000)).toBe(0);
  });
});

describe('records of the pages read', () => {
  it('keeps each record once, where it first came', () => {
    expect(recordsOf([page(['a', 'b'], 'c1'), page(['b', 'a', 'c'], null)]).map((record) => record.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
