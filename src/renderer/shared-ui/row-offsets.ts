/**
 * Where each row of a long list starts when only the rows shown were ever measured: every other
 * row counts as `estimate` high. A Fenwick tree over (measured − estimate) keeps a measurement and
 * a lookup O(log n), and creating one costs zeroed memory only, so a 10,000-row list needs no pass
 * over its rows before its first screen is painted.
 */
export class RowOffsets {
  /** Measured heights, 0 where a row was never measured. */
  private readonly measured: Float64Array;
  /** 1-based Fenwick tree: node i sums (height − estimate) over the rows it covers. */
  private readonly tree: Float64Array;
  /** The largest power of two ≤ count: where a descent of the tree starts. */
  private readonly topStep: number;

  constructor(
    readonly count: number,
    readonly estimate: number,
  ) {
    this.measured = new Float64Array(count);
    this.tree = new Float64Array(count + 1);
    this.topStep = count > 0 ? 2 ** Math.floor(Math.log2(count)) : 0;
  }

  /** A row's height: measured, or the estimate. */
  size(index: number): number {
    return this.measured[index] || this.estimate;
  }

  /**
   * Records a row's height; true when it changed. A height of 0 (a row not laid out, such as one
   * already removed) is not a measurement and leaves the row as it was.
   */
  measure(index: number, height: number): boolean {
    if (!(index >= 0 && index < this.count) || !(height > 0)) return false;
    const change = height - this.size(index);
    if (change === 0) return false;
    this.measured[index] = height;
    for (let node = index + 1; node <= this.count; node += node & -node) this.tree[node]! += change;
    return true;
  }

  /** Distance from the top of the list to the top of row `index` (`count` gives the whole height). */
  start(index: number): number {
    let sum = index * this.estimate;
    for (let node = Math.min(index, this.count); node > 0; node -= node & -node) sum += this.tree[node]!;
    return sum;
  }

  total(): number {
    return this.start(this.count);
  }

  /** The row at `offset` from the top: the last one starting at or above it (0 for an empty list). */
  indexAt(offset: number): number {
    // Descends the tree for the most rows whose heights sum to at most `offset`.
    let rows = 0;
    let sum = 0;
    for (let step = this.topStep; step > 0; step >>= 1) {
      const next = rows + step;
      if (next <= this.count && next * this.estimate + sum + this.tree[next]! <= offset) {
        rows = next;
        sum += this.tree[next]!;
      }
    }
    return Math.max(0, Math.min(rows, this.count - 1));
  }
}
