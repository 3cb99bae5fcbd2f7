import type { z } from 'zod';
import type { UnreadableRecord } from '../../../../shared/bridge';

export type PerRecordReading<T> =
  | { ok: true; value: T; unreadable: UnreadableRecord[] }
  | { ok: false; problem: string };

type Path = readonly PropertyKey[];

function describeIssue(issue: z.core.$ZodIssue, from: number): string {
  const field = issue.path.slice(from).map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

function formatPath(path: Path): string {
  return path.reduce<string>(
    (text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${String(step)}` : String(step)),
    '',
  );
}

function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/** How far into `path` the innermost array element reaches, or -1 when no array lies on it. */
function innermostElement(root: unknown, path: Path): number {
  let found = -1;
  let current = root;
  for (let depth = 0; depth < path.length; depth++) {
    const step = path[depth]!;
    if (Array.isArray(current) && typeof step === 'number') found = depth + 1;
    if (current === null || typeof current !== 'object') break;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return found;
}

function idOf(record: unknown): string | null {
  const id = record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 ? id.slice(0, 200) : null;
}

/**
 * Reads `value` with `schema`, giving up one record at a time rather than the whole answer: a
 * record that cannot be read (in any list, at any depth: a page's calls, a checklist's items, an
 * item's evidence) is left out and reported, and the rest is read again. Only a problem outside
 * every list (the envelope, a detail record's own field) makes the answer unreadable. Degrade per
 * record, never per screen: one odd call must not blank the Calls screen.
 */
export function readPerRecord<S extends z.ZodType>(schema: S, value: unknown): PerRecordReading<z.output<S>> {
  let parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data, unreadable: [] };

  // Only copied when something has to be left out, so a clean answer costs one parse.
  const working = structuredClone(value);
  const unreadable: UnreadableRecord[] = [];
  while (!parsed.success) {
    const dropped = new Map<string, { container: unknown[]; index: number; issue: z.core.$ZodIssue; depth: number }>();
    for (const issue of parsed.error.issues) {
      const depth = innermostElement(working, issue.path);
      if (depth < 0) return { ok: false, problem: describeIssue(issue, 0) };
      const elementPath = issue.path.slice(0, depth);
      const key = formatPath(elementPath);
      if (dropped.has(key)) continue;
      const container = valueAt(working, elementPath.slice(0, -1)) as unknown[];
      dropped.set(key, { container, index: elementPath.at(-1) as number, issue, depth });
    }
    // Highest index first, so removing one element does not shift the next one's position.
    const removals = [...dropped.entries()].sort(([, a], [, b]) => b.index - a.index);
    for (const [path, { container, index, issue, depth }] of removals) {
      unreadable.push({ id: idOf(container[index]), path, problem: describeIssue(issue, depth) });
      container.splice(index, 1);
    }
    parsed = schema.safeParse(working);
  }
  return { ok: true, value: parsed.data, unreadable: unreadable.reverse() };
}
