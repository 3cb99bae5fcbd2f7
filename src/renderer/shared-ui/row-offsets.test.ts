import { describe, expect, it } from 'vitest';
import { RowOffsets } from './row-offsets';

/** The same answers by adding up every height, as a reference. */
function naive(heights: number[]) {
  const start = (index: number) => heights.slice(0, index).reduce((sum, height) => sum + height, 0);
  const indexAt = (offset: number) => {
    let index = 0;
    while (index + 1 < heights.length && start(index + 1) <= offset) index++;
    return index;
  };
  return { start, indexAt };
}

describe('RowOffsets', () => {
  it('places unmeasured rows at the estimate', () => {
    const rows = new RowOffsets(10_000, 50);
    expect(rows.start(0)).toBe(0);
    expect(rows.start(120)).toBe(6000);
    expect(rows.total()).toBe(500_000);
    expect(rows.indexAt(0)).toBe(0);
    expect(rows.indexAt(6049)).toBe(120);
    expect(rows.indexAt(6050)).toBe(121);
    expect(rows.indexAt(10_000_000)).toBe(9999);
    expect(rows.indexAt(-5)).toBe(0);
  });

  it('agrees with adding up the heights, with rows measured in any order and again', () => {
    const count = 37;
    const heights = Array.from({ length: count }, () => 40);
    const rows = new RowOffsets(count, 40);
    const measurements: [number, number][] = [
      [3, 90],
      [0, 12],
      [36, 200],
      [17, 41],
      [3, 55],
      [20, 40],
      [31, 1],
    ];
    for (const [index, height] of measurements) {
      rows.measure(index, height);
      heights[index] = height;
    }
    const reference = naive(heights);
    for (let index = 0; index <= count; index++) expect(rows.start(index)).toBe(reference.start(index));
    for (let offset = -1; offset <= reference.start(count) + 10; offset += 7) {
      expect(rows.indexAt(offset)).toBe(reference.indexAt(offset));
    }
  });

  it('says whether a measurement changed anything, and ignores a row that was not laid out', () => {
    const rows = new RowOffsets(5, 30);
    expect(rows.measure(2, 30)).toBe(false);
    expect(rows.measure(2, 45)).toBe(true);
    expect(rows.measure(2, 45)).toBe(false);
    expect(rows.measure(2, 0)).toBe(false);
    expect(rows.size(2)).toBe(45);
    expect(rows.measure(9, 45)).toBe(false);
    expect(rows.total()).toBe(165);
  });

  it('has no rows to find in an empty list', () => {
    const rows = new RowOffsets(0, 30);
    expect(rows.total()).toBe(0);
    expect(rows.indexAt(100)).toBe(0);
  });
});
