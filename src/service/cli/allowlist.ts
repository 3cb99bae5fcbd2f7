import { parseArgs } from 'node:util';
import { normalizeAllowlistEntry } from '../webhooks/allowlist';
import { requireOrganization, withDatabase } from './data-dir';
import { UsageError } from './usage-error';

/** Stored lowercased in punycode (interface, Webhooks rule 6), the form the matcher compares. */
function storedEntry(entry: string): string {
  const normalized = normalizeAllowlistEntry(entry);
  if (!normalized) throw new UsageError(`"${entry}" is not a hostname or *.domain entry`);
  return normalized;
}

/** `allowlist set`: replaces the organisation's webhook_allowed_hostnames; no hosts empties it. */
export function allowlistSetCommand(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { data: { type: 'string' }, org: { type: 'string' } },
  });
  const hosts = [...new Set(positionals.map(storedEntry))];
  withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    db.prepare(
      `INSERT INTO organization_settings (org_id, webhook_allowed_hostnames) VALUES (?, ?)
       ON CONFLICT(org_id) DO UPDATE SET webhook_allowed_hostnames = excluded.webhook_allowed_hostnames`,
    ).run(orgId, JSON.stringify(hosts));
  });
}
