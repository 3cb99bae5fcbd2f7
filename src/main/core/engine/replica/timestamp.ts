/** A timestamp as ms since the epoch, whatever its offset notation; null when it is not one. */
export function epochMs(value: unknown): number | null {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}
