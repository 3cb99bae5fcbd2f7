export type SortDirection = 'asc' | 'desc';

/** A list's order as its address holds it: `sort=<key>-<asc|desc>`. */
export interface SortOrder<K extends string> {
  key: K;
  direction: SortDirection;
}

export const writeSortOrder = <K extends string>(order: SortOrder<K>) => `${order.key}-${order.direction}`;

/** A sort of one of `keys`, or null when the text names none (absent, unknown key or direction). */
export function readSortOrder<K extends string>(text: string | null, keys: readonly K[]): SortOrder<K> | null {
  const match = text === null ? null : /^(.+)-(asc|desc)$/.exec(text);
  if (!match || !(keys as readonly string[]).includes(match[1]!)) return null;
  return { key: match[1] as K, direction: match[2] as SortDirection };
}
