/**
 * Query timestamps may carry any offset and any number of fraction digits (design.md); stored
 * ones are UTC with milliseconds, so bounds are converted to that form and rounded so that the
 * strict comparison stays exact: down for a lower bound, up for an upper bound.
 */
function toStoredForm(value: string, roundUp: boolean): string {
  const millis = Date.parse(value);
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  const hasSubMillisecond = /[1-9]/.test(fraction.slice(3));
  return new Date(millis + (roundUp && hasSubMillisecond ? 1 : 0)).toISOString();
}

export function lowerBound(value: string | undefined): string | undefined {
  return value === undefined ? undefined : toStoredForm(value, false);
}

export function upperBound(value: string | undefined): string | undefined {
  return value === undefined ? undefined : toStoredForm(value, true);
}
