import { parseArgs } from 'node:util';
import { ingestCall } from '../ingest/ingest-call';
import { requireOrganization, withDatabase } from './data-dir';

/** `ingest --data DIR --org ID [--title T]`: prints the new video id. */
export function ingestCommand(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { data: { type: 'string' }, org: { type: 'string' }, title: { type: 'string' } },
  });
  const videoId = withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    const now = new Date();
    const title = values.title ?? `Ingested call ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return ingestCall(db, { orgId, title, now });
  });
  console.log(videoId);
}
