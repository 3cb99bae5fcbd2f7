import { domainToASCII } from 'node:url';
import { parseArgs } from 'node:util';
import { requireOrganization, withDatabase } from './data-dir';
import { UsageError } from './usage-error';

/**
 * Entries are stored lowercased in punycode (interface, Webhooks rule 6; design.md), keeping a
 * leading `*.` wildcard as given.
 */
export function normalizeAllowlistEntry(entry: string): string {
  const wildcard = entry.startsWith('*.');
  const host = domainToASCII(wildcard ? entry.slice(2) : entry);
  if (!host || host.includes('*')) throw new UsageError(`"${entry}" is not a hostname or *.domain entry`);
  return `${wildcard ? '*.' : ''}${host.toLowerCase()}`;
}

/** `allowlist set`: replaces the organisation's webhook_allowed_hostnames; no hosts empties it. */
export function allowlistSetCommand(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { data: { type: 'string' }, org: { type: 'string' } },
  });
  const hosts = [...new Set(positionals.map(normalizeAllowlistEntry))];
  withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    db.prepare(
      `INSERT INTO organization_settings (org_id, webhook_allowed_hostnames) VALUES (?, ?)
       ON CONFLICT(org_id) DO UPDATE SET webhook_allowed_hostnames = excluded.webhook_allowed_hostnames`,
    ).run(orgId, JSON.stringify(hosts));
  });
}
