import { randomUUID } from 'node:crypto';

/** Prefixed random ids (`ana_…`, `job_…`), as the schema's conventions ask. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
