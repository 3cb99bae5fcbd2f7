/** A record of an answer as the client read it: any field may be absent (another service may leave it out). */
export type Row = Record<string, unknown>;

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The records of an answer's `data`, one record or a list, each with an id; nothing for a kept 404. */
export function recordsIn(body: unknown): Row[] {
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : data === undefined ? [] : [data];
  return list.filter((item): item is Row => typeof item === 'object' && item !== null && typeof item.id === 'string');
}
