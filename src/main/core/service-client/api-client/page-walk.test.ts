import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createPageWalk } from './page-walk';

const page = (next_cursor: string | null, has_more = next_cursor !== null) => ({
  has_more,
  next_cursor,
  request_id: 'req_1',
});

function endless(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'endless_pages', requestId: 'req_1' });
    return error as ApiError;
  }
  throw new Error('the walk did not stop');
}

describe('a walk through a cursor-paginated list', () => {
  it('gives each next cursor, and null once a page says there is no more', () => {
    const walk = createPageWalk();
    expect(walk.next(page('a'), ['1', '2'])).toBe('a');
    expect(walk.next(page('b'), ['3'])).toBe('b');
    expect(walk.next(page('c', false), ['4'])).toBeNull();
    expect(walk.next(page(null, true), [])).toBeNull();
    expect(walk.pages).toBe(4);
  });

  it('stops when a cursor comes back', () => {
    const walk = createPageWalk();
    walk.next(page('a'), ['1']);
    walk.next(page('b'), ['2']);
    expect(endless(() => walk.next(page('a'), ['3'])).message).toMatch(/a cursor came back/);
  });

  it('stops when pages in a row bring no record not seen before, whatever their cursors', () => {
    const walk = createPageWalk();
    walk.next(page('a'), ['1', '2']);
    walk.next(page('b'), ['1', '2']);
    walk.next(page('c'), ['1', '2']);
    expect(endless(() => walk.next(page('d'), ['1', '2'])).message).toMatch(/3 pages in a row brought nothing new/);
  });

  it('stops past the bound it was given', () => {
    const walk = createPageWalk({ maxPages: 2 });
    walk.next(page('a'), ['1']);
    expect(endless(() => walk.next(page('b'), ['2'])).message).toMatch(/more than 2 pages/);
  });
});
